import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Ends the product when the test process that started it is gone without stopping it. */
const exitWithParent = pathToFileURL(path.join(root, "backend/test/exit-with-parent.mjs")).href;

export interface ProductProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * Starts the product the way `npm start` does, from the repository root with `env` as its whole
 * environment, collecting what it prints. Waiting until it serves is the caller's part.
 */
export const spawnProduct = (env: NodeJS.ProcessEnv): ProductProcess => {
  // As `npm start` runs it: one node process with tsx as a loader. The `tsx` command would put a second
  // process in front that SIGKILLs the product when it does not acknowledge a relayed signal within
  // 30 ms, which a busy product does not, so a stop would not be clean.
  const child = spawn(process.execPath, ["--import", "tsx", "--import", exitWithParent, "backend/src/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
};

/** A port nothing listens on now, on 127.0.0.1, for a product process to take. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Where a test run keeps the empty PGlite cluster its products' data folders are copied from. */
export const pgliteTemplateDir = (runId: string) => path.join(os.tmpdir(), `el-pglite-empty-${runId}`);
