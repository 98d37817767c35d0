/**
 * The deployment of `bench:messages`: backend instances in child processes of their own (`messages-server.ts`)
 * on one fresh PostgreSQL database, a socket.io client per person, and what each socket heard.
 *
 * Where people are: pair `i`'s student is at home on instance `i % 2` and its teacher on the other; a person's
 * socket and their sends both go to their home. So whatever one party sends reaches the other through the other
 * instance (socket.io's PostgreSQL adapter), every delivery crossing instances. With one instance everyone is at
 * home on it.
 */
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { startServerProcess } from "./server-process";

export interface Person {
  id: number;
  token: string;
}
export interface Pair {
  conversationId: number;
  student: Person;
  teacher: Person;
}

/**
 * Starts an instance: `pairs` pairs and a long conversation of `history` messages created by it (0 for the
 * second). With `profileDir` it writes a CPU profile there when stopped (`node --cpu-prof`).
 */
export const startInstance = (databaseUrl: string, seed: { pairs: number; history: number }, profileDir?: string) =>
  startServerProcess<{ url: string; pairs: Pair[] }>(
    new URL("./messages-server.ts", import.meta.url),
    { databaseUrl, ...seed },
    profileDir,
  );
export type Instance = ReturnType<typeof startInstance>;

/** The instance a pair's party is at home on: `i % 2` for pair `i`'s student, the other for its teacher. */
export const homeOf = (pairIndex: number, student: boolean, instances: number) =>
  instances === 1 ? 0 : (pairIndex + (student ? 0 : 1)) % 2;

/**
 * Every `message:new` and `message:read` the people's sockets heard, by person: when each push of a message
 * came, and the other party's messages in the order they arrived. One process stands in for every browser, so
 * it reads the ids without validating the payloads (the realtime specs check their shape).
 */
export class Deliveries {
  /** `${personId}:${messageId}` → when each `message:new` of it came to that person. */
  private newAt = new Map<string, number[]>();
  /** `${personId}:${upTo}` → when the first `message:read` up to it came. */
  private readAt = new Map<string, number>();
  /** `${personId}:${conversationId}` → the ids of the other party's messages there, in the order they came. */
  private received = new Map<string, number[]>();

  listen(socket: Socket, personId: number) {
    socket.on("message:new", (raw: unknown) => {
      const at = performance.now();
      const push = raw as { conversationId?: unknown; message?: { id?: unknown; from?: unknown } } | undefined;
      const message = push?.message;
      if (typeof message?.id !== "number") return;
      const key = `${personId}:${message.id}`;
      const times = this.newAt.get(key);
      if (times) times.push(at);
      else this.newAt.set(key, [at]);
      if (message.from === personId) return;
      const conversation = `${personId}:${push?.conversationId}`;
      const order = this.received.get(conversation);
      if (order) order.push(message.id);
      else this.received.set(conversation, [message.id]);
    });
    socket.on("message:read", (raw: unknown) => {
      const upTo = (raw as { upTo?: unknown } | undefined)?.upTo;
      const key = `${personId}:${upTo}`;
      if (typeof upTo === "number" && !this.readAt.has(key)) this.readAt.set(key, performance.now());
    });
  }

  /** When each `message:new` of `messageId` came to `personId` (empty: never). */
  arrivals(personId: number, messageId: number) {
    return this.newAt.get(`${personId}:${messageId}`) ?? [];
  }

  /** Per person and conversation, the ids of the other party's messages, in the order they came. */
  orders() {
    return this.received.values();
  }

  /** When the push about `messageId` (a `message:new`, or a `message:read` up to it) came to `personId`: waits up to 10 s. */
  async awaitPush(event: "message:new" | "message:read", personId: number, messageId: number) {
    const deadline = performance.now() + 10_000;
    const key = `${personId}:${messageId}`;
    for (;;) {
      const at = event === "message:new" ? this.newAt.get(key)?.[0] : this.readAt.get(key);
      if (at !== undefined) return at;
      if (performance.now() > deadline) throw new Error(`no ${event} for message ${messageId} at ${personId}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** Forgets everything heard so far (between runs, once every push is in). */
  clear() {
    this.newAt.clear();
    this.readAt.clear();
    this.received.clear();
  }
}

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

/**
 * Connects every person of `pairs` to their home among `urls` (1 or 2), 50 at a time, each socket's pushes noted
 * in `deliveries`; gives back the sockets, to disconnect.
 */
export const connectPeople = async (pairs: Pair[], urls: string[], deliveries: Deliveries) => {
  const people = pairs.flatMap((pair, index) => [
    { person: pair.student, url: urls[homeOf(index, true, urls.length)] as string },
    { person: pair.teacher, url: urls[homeOf(index, false, urls.length)] as string },
  ]);
  const sockets: Socket[] = [];
  for (let i = 0; i < people.length; i += 50)
    sockets.push(
      ...(await Promise.all(
        people.slice(i, i + 50).map(async ({ person, url }) => {
          const socket = await connect(url, person.token);
          deliveries.listen(socket, person.id);
          return socket;
        }),
      )),
    );
  return sockets;
};
