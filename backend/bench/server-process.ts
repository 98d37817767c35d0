/**
 * A bench backend in a child process of its own (forked with tsx's loader, inheriting this process's
 * environment, so `REDIS_URL=… npm run bench:…` reaches it), so that its CPU time can be read from /proc apart
 * from the clients' and the other instances'. The server module takes its parameters as JSON in `argv[2]`, sends
 * its parent its first message when ready (where it listens, who may call it), answers `{ ask }` messages with
 * `{ answer, ... }`, and closes when sent "stop". With `profileDir` it writes a CPU profile there when stopped
 * (`node --cpu-prof`).
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cpuMsOf } from "./harness";

/** Parameters of a server module run by `startServerProcess` (its `argv[2]`). */
export const serverParameters = <T>() => JSON.parse(process.argv[2] ?? "{}") as T;

/** What a server module run by `startServerProcess` uses to talk to its parent. */
export const toParent = {
  send: (message: unknown) => process.send?.(message),
  /** Sends "stopped", then exits once it is on its way. */
  stopped: () => process.send?.("stopped", () => process.exit(0)),
  on: (listener: (message: unknown) => void) => process.on("message", listener),
};

export const startServerProcess = <Ready>(module: URL, parameters: unknown, profileDir?: string) => {
  const child: ChildProcess = fork(fileURLToPath(module), [JSON.stringify(parameters)], {
    execArgv: ["--import", "tsx", ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])],
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Ready));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`a bench server exited early (${code})`)));
  });
  return {
    pid: child.pid,
    ready,
    /** Its CPU time so far, ms, all its threads (garbage collector and libuv pool included). */
    cpuMs: async () => (child.pid === undefined ? Number.NaN : ((await cpuMsOf(child.pid)) ?? Number.NaN)),
    /** Sends `{ ask, ...rest }` and waits for the server's `{ answer: ask, ... }`. */
    ask: <Answer>(ask: string, rest: Record<string, unknown> = {}) =>
      new Promise<Answer>((resolve) => {
        const listener = (message: unknown) => {
          if ((message as { answer?: unknown } | null)?.answer !== ask) return;
          child.off("message", listener);
          resolve(message as Answer);
        };
        child.on("message", listener);
        child.send({ ask, ...rest });
      }),
    /** Asks it to close its app and database, then waits for it to exit (killed after 10 s). */
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill(), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.send("stop");
      }),
    kill: () => {
      if (!exited) child.kill();
    },
  };
};
export type ServerProcess = ReturnType<typeof startServerProcess>;
