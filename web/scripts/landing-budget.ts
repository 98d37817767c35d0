/**
 * The JavaScript the landing page `/` downloads, from a build in web/dist (or the folder given): the
 * entry script index.html names, the chunks it preloads, their static imports, and the chunk of the
 * landing page itself if it is loaded lazily. Each file counts at the size the server sends: its brotli
 * (or gzip) sibling when the build wrote one, else as it is. Exits 1 when brotli exceeds the budget.
 *
 *   npm run budget:landing -w web [-- <dist folder>]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Bytes of brotli JavaScript `/` may load: the areas, back office and forms load when needed. */
export const LANDING_BUDGET_BYTES = 100_000;

/** Source modules the landing route renders; a lazy one brings its own chunk. */
const LANDING_MODULES = ["src/features/landing/landing-page.tsx"];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface LandingFile {
  file: string;
  raw: number;
  brotli: number;
  gzip: number;
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : undefined);

/** Every script `/` loads, in the order index.html and the manifest name them. */
export const landingScripts = (dist: string): string[] => {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
  const fromHtml = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1] as string);

  const files = new Set<string>();
  const follow = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) follow(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) follow(key);
  for (const module of LANDING_MODULES) follow(module);
  for (const file of fromHtml) files.add(file);
  return [...files];
};

export const measureLanding = (dist: string): LandingFile[] =>
  landingScripts(dist).map((file) => {
    const full = path.join(dist, file);
    const raw = sizeOf(full);
    if (raw === undefined) throw new Error(`${file} is named by the build but missing from ${dist}`);
    return { file, raw, brotli: sizeOf(`${full}.br`) ?? raw, gzip: sizeOf(`${full}.gz`) ?? raw };
  });

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../dist"));
  const files = measureLanding(dist);
  const total = (key: "raw" | "brotli" | "gzip") => files.reduce((sum, file) => sum + file[key], 0);
  console.log(`JavaScript the landing page / loads (${dist}):`);
  for (const file of files)
    console.log(
      `  ${file.file.padEnd(48)} ${kB(file.raw).padStart(10)} ${kB(file.brotli).padStart(10)} br ${kB(file.gzip).padStart(10)} gzip`,
    );
  console.log(
    `  ${`${files.length} scripts`.padEnd(48)} ${kB(total("raw")).padStart(10)} ${kB(total("brotli")).padStart(10)} br ${kB(total("gzip")).padStart(10)} gzip`,
  );
  if (total("brotli") > LANDING_BUDGET_BYTES) {
    console.error(`Over budget: ${kB(total("brotli"))} of brotli JavaScript, at most ${kB(LANDING_BUDGET_BYTES)}.`);
    process.exit(1);
  }
  console.log(`Within budget: at most ${kB(LANDING_BUDGET_BYTES)} of brotli JavaScript.`);
}
