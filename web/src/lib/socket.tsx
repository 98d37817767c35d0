import {
  parseServerPush,
  type ServerToClientEventName,
  type ServerToClientEvents,
  type ServerToClientPayload,
  serverToClientSchemas,
} from "@el/domain/realtime";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { tokenStorage } from "./api";

export type AppSocket = Socket<ServerToClientEvents>;

/**
 * What the screens need from the live connection: validated pushes by name, and a word when the
 * connection came back after a drop (pushes sent meanwhile may be lost, so the screen reloads).
 * Machines take this instead of a socket so their tests run on a plain emitter.
 */
export interface LiveFeed {
  subscribe<Name extends ServerToClientEventName>(
    name: Name,
    listener: (payload: ServerToClientPayload<Name>) => void,
  ): () => void;
  onReconnect(listener: () => void): () => void;
}

/**
 * One socket.io connection, authenticated at the handshake with the bearer token — the one stored when it
 * (re)connects, since a password change or "end the other sessions" replaces it and refuses the old one.
 */
export const connectSocket = (token: string): AppSocket =>
  // WebSocket only: several backend instances sit behind one address and long polling would need sticky sessions.
  io({ auth: (send) => send({ token: tokenStorage.get() ?? token }), transports: ["websocket"] });

/**
 * A feed that exists before any connection, so screens can subscribe from their first render; the
 * connection is attached to it (and detached) by the provider. Every push is validated on arrival.
 */
export const createLiveRelay = () => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const reconnectListeners = new Set<() => void>();
  const feed: LiveFeed = {
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => {
        set.delete(untyped);
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },
  };
  const attach = (socket: AppSocket) => {
    const untyped = socket as unknown as Socket;
    const forwarders = (Object.keys(serverToClientSchemas) as ServerToClientEventName[]).map((name) => {
      const forward = (payload: unknown) => {
        const parsed = parseServerPush(name, payload);
        if (parsed) for (const listener of listeners.get(name) ?? []) listener(parsed);
      };
      untyped.on(name as string, forward);
      return () => untyped.off(name as string, forward);
    });
    // A connection that comes back without the server's recovery missed pushes: screens reload.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore && !socket.recovered) for (const listener of reconnectListeners) listener();
      connectedBefore = true;
    };
    socket.on("connect", onConnect);
    return () => {
      for (const stop of forwarders) stop();
      socket.off("connect", onConnect);
    };
  };
  return { feed, attach };
};

const LiveFeedContext = createContext<LiveFeed | null>(null);

/** The tab's one connection and how many providers use it: the header and an area open it once between them. */
let shared: { socket: AppSocket; users: number } | undefined;

const acquireSharedSocket = (token: string) => {
  shared ??= { socket: connectSocket(token), users: 0 };
  shared.users += 1;
  const { socket } = shared;
  return {
    socket,
    release: () => {
      if (!shared || shared.socket !== socket) return;
      shared.users -= 1;
      if (shared.users > 0) return;
      shared = undefined;
      socket.disconnect();
    },
  };
};

/**
 * Opens the connection for a signed-in area and closes it when the area is left; providers side by side
 * (the header's unread count and an area) share one connection. A feed handed in, or one already provided
 * above (a test's), is used instead of connecting.
 */
export const LiveFeedProvider = ({ children, feed }: { children: ReactNode; feed?: LiveFeed }) => {
  const outer = useContext(LiveFeedContext);
  const given = feed ?? outer;
  const [relay] = useState(createLiveRelay);
  useEffect(() => {
    if (given) return;
    const token = tokenStorage.get();
    if (!token) return;
    const { socket, release } = acquireSharedSocket(token);
    const detach = relay.attach(socket);
    return () => {
      detach();
      release();
    };
  }, [given, relay]);
  return <LiveFeedContext.Provider value={given ?? relay.feed}>{children}</LiveFeedContext.Provider>;
};

/** The area's live feed; null outside a signed-in area. */
export const useLiveFeed = () => useContext(LiveFeedContext);

/** Calls `listener` for every push named `name` while the component is mounted. */
export const useLivePush = <Name extends ServerToClientEventName>(
  name: Name,
  listener: (payload: ServerToClientPayload<Name>) => void,
) => {
  const feed = useLiveFeed();
  const [current] = useState(() => ({ listener }));
  current.listener = listener;
  useEffect(() => feed?.subscribe(name, (payload) => current.listener(payload)), [feed, name, current]);
};
