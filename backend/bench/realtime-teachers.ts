/**
 * The teachers' browsers of `bench:realtime`, in a child process of their own: with 500 teachers and 100
 * schedulings a second they take 50,000 pushes a second, which in the bench's own process would delay reading
 * the answers it times. Connects a socket per token (50 at a time) to the given URL, tells its parent how many
 * are connected, and notes when each `lesson:pending` arrives, by lesson id, on the clock all processes share
 * (`performance.timeOrigin + performance.now()`, ms). Sends `{ complete: id, times }` once every teacher has a
 * lesson's push; answers "arrivals" with every lesson's times so far; closes when told "stop". One process
 * stands in for all the browsers, so it reads the id without validating the payload.
 */
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";

const { url, tokens } = JSON.parse(process.argv[2] ?? "{}") as { url: string; tokens: string[] };

const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

const arrivals = new Map<number, number[]>();
const noteArrival = (raw: unknown) => {
  const at = performance.timeOrigin + performance.now();
  const id = (raw as { lesson?: { id?: unknown } } | undefined)?.lesson?.id;
  if (typeof id !== "number") return;
  const times = arrivals.get(id) ?? [];
  times.push(at);
  arrivals.set(id, times);
  if (times.length === tokens.length) process.send?.({ complete: id, times });
};

const sockets: Socket[] = [];
for (let i = 0; i < tokens.length; i += 50) sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map(connect))));
for (const socket of sockets) socket.on("lesson:pending", noteArrival);
process.send?.({ connected: sockets.length });

process.on("message", (message) => {
  if (message === "arrivals") process.send?.({ arrivals: [...arrivals] });
  if (message === "stop") {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
