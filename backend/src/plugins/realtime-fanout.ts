import type { Socket as NetSocket } from "node:net";
import type { Server } from "socket.io";

/** Connections whose held-back frames are written per turn of the event loop. */
const FLUSH_CHUNK = 100;

/** A push on its way to this instance's sockets: the room it goes to, and how it is emitted there. */
export interface Delivery {
  room: string;
  emit: () => void;
}

/**
 * The fan-out of pushes to this instance's sockets, kept off the path of commands. Pushes are queued and
 * emitted on a later turn of the event loop (a command's answer, waiting on the same commit, leaves first),
 * a batch at a time in the order they came, so each socket gets them in that order. socket.io encodes a
 * push once per room; what costs is one write to the kernel per socket and push. So while a batch is
 * emitted, the TCP connections of the sockets in its rooms are corked: every frame a socket gets from the
 * batch goes out in one write when it is uncorked, and the connections are uncorked a hundred at a time,
 * one turn of the event loop after another, so requests that arrive meanwhile are read and answered in
 * between. The longer the queue grows, the more pushes share a write: under load the fan-out costs less
 * per push, rather than delaying the commands behind it.
 */
export const fanOut = (io: Server, onError: (error: unknown) => void) => {
  let queue: Delivery[] = [];
  let draining = false;

  /** The TCP connections of the sockets in these rooms (a websocket's own, from its upgrade request). */
  const connectionsIn = (rooms: Set<string>) => {
    const namespace = io.of("/");
    const connections = new Set<NetSocket>();
    for (const room of rooms)
      for (const id of namespace.adapter.rooms.get(room) ?? []) {
        const connection = namespace.sockets.get(id)?.request.socket;
        if (connection && !connection.destroyed) connections.add(connection);
      }
    return [...connections];
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const held = connectionsIn(new Set(batch.map(({ room }) => room)));
      for (const connection of held) connection.cork();
      try {
        for (const { emit } of batch) {
          try {
            emit();
          } catch (error) {
            onError(error);
          }
        }
      } finally {
        for (let i = 0; i < held.length; i += FLUSH_CHUNK) {
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          for (const connection of held.slice(i, i + FLUSH_CHUNK)) connection.uncork();
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const schedule = () => {
    draining = true;
    setImmediate(() => {
      drain()
        .catch(onError)
        .finally(() => {
          draining = false;
          if (queue.length > 0) schedule();
        });
    });
  };

  return {
    /** Queues deliveries, emitted in this order after the ones already queued. */
    enqueue(deliveries: Delivery[]) {
      if (deliveries.length === 0) return;
      queue.push(...deliveries);
      if (!draining) schedule();
    },
  };
};
