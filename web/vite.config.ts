import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The chunks the entry script itself imports: loaded before anything lazy can be. */
const ALREADY_LOADED = /(^|\/)(rolldown-runtime|framework|api|preload-helper)-[\w-]+\.js$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
/** A module of a feature other than the landing page, its route table and its texts. */
const FEATURE_MODULE = /[\\/]web[\\/]src[\\/]features[\\/](?!landing[\\/])[\w-]+[\\/](?!routes\.tsx$|i18n[\\/])/;
const featureChunkOf = (id: string) => /[\\/]features[\\/]([\w-]+)[\\/]/.exec(id)?.[1] ?? null;

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
    modulePreload: {
      // Every browser the product supports preloads modules natively (Safari before 17 loads them on demand).
      polyfill: false,
      // A lazy page need not preload what the landing page's script imported before any page could load:
      // listing those with each of the hundred lazy pages weighed on the script every visitor downloads.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALREADY_LOADED.test(dep)),
    },
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
            // zod and the domain's schemas and rules in one chunk: nearly every page needs them, and as a few
            // dozen small shared chunks their names made the chunk list the landing page's script carries
            // longer than the landing page itself needs (the landing page imports neither).
            { name: "schemas", test: /node_modules[\\/]zod[\\/]|[\\/]domain[\\/]src[\\/]/ },
            // A feature's own modules in one chunk per feature (not what they import, not its route table, which the
            // entry script imports, nor its texts, one chunk for every area): a page loads its feature's other pages
            // with it, a few kB, and the entry script lists a few dozen chunks for its lazy pages, not two hundred.
            { name: featureChunkOf, test: FEATURE_MODULE, includeDependenciesRecursively: false },
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
