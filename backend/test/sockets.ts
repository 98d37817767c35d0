import {
  parseServerPush,
  type ServerToClientEventName,
  type ServerToClientEvents,
  type ServerToClientPayload,
} from "@el/domain/realtime";
import type { FastifyInstance } from "fastify";
import { io, type Socket } from "socket.io-client";

/** Browsers' side of the realtime gateway, for the tests that listen to pushes. */

/** Starts an app on a free port of 127.0.0.1 and answers its address. */
export const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
};

const opened: Socket[] = [];

/** A socket.io client of `url` (WebSocket only, as the web app connects), signed in with `token`. */
export const connect = (url: string, token?: string, reconnection = false): Socket<ServerToClientEvents> => {
  const socket: Socket<ServerToClientEvents> = io(url, {
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection,
    reconnectionDelay: 300,
    forceNew: true,
  });
  opened.push(socket);
  return socket;
};

/** Resolves once `socket` is connected; fails on its connect error or after `timeoutMs`, saying so. */
export const connected = (socket: Socket, timeoutMs = 10_000) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    const timer = setTimeout(() => reject(new Error(`not connected within ${timeoutMs} ms`)), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("connect_error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

/** The next `name` message that passes the shared schema and `matches`, or a failure after `timeoutMs`. */
export const next = <Name extends ServerToClientEventName>(
  socket: Socket,
  name: Name,
  matches: (payload: ServerToClientPayload<Name>) => boolean = () => true,
  timeoutMs = 5000,
) =>
  new Promise<ServerToClientPayload<Name>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (raw: unknown) => {
      const payload = parseServerPush(name, raw);
      if (!payload || !matches(payload)) return;
      clearTimeout(timer);
      socket.off(name as string, listener);
      resolve(payload);
    };
    socket.on(name as string, listener);
  });

/** Disconnects every socket the tests opened. */
export const disconnectAll = () => {
  for (const socket of opened.splice(0)) socket.disconnect();
};
