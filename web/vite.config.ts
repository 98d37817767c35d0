import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, compressed once at the strongest
 * levels (too slow to do per request), for the server to send as the browser's Accept-Encoding asks.
 * A file that would not shrink is left without them and goes out as it is.
 */
const precompress = (): Plugin => ({
  name: "precompress",
  apply: "build",
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? path.dirname(options.file ?? "");
    const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite/"));
    await Promise.all(
      files.map(async (file) => {
        const full = path.join(outDir, file);
        const content = await readFile(full);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${full}.br`, br);
        if (gz.length < content.length) await writeFile(`${full}.gz`, gz);
      }),
    );
  },
});

export default defineConfig({
  plugins: [react(), precompress()],
  // The manifest tells scripts/landing-budget.ts which chunks a page needs; it stays in dist/.vite, a dot
  // folder the server does not serve.
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // React, the router and i18next in one chunk of their own: every page needs them, they change
        // far less often than the app (so a release leaves them cached), and one file compresses better
        // than the several small shared chunks the default splitting makes.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:8080",
      "/management": "http://localhost:8080",
      "/socket.io": { target: "ws://localhost:8080", ws: true },
    },
  },
});
