/**
 * Lighthouse's mobile performance audit of the landing page `/`, on the built product started the way
 * `npm start` runs it, with Debian's chromium (CHROMIUM_PATH, else /usr/bin/chromium). A benchmark, not a
 * test: the score depends on the machine and on what else it runs.
 *
 *   npm run bench:lighthouse            (builds the web app first)
 *   LIGHTHOUSE_REPORT=/tmp/lh.json npm run bench:lighthouse    (also writes Lighthouse's whole report there)
 */
import { writeFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProduct } from "../e2e/harness";

const METRICS = [
  ["first-contentful-paint", "First Contentful Paint"],
  ["largest-contentful-paint", "Largest Contentful Paint"],
  ["total-blocking-time", "Total Blocking Time"],
  ["cumulative-layout-shift", "Cumulative Layout Shift"],
  ["speed-index", "Speed Index"],
  ["interactive", "Time to Interactive"],
] as const;

interface Item {
  [key: string]: unknown;
}
const itemsOf = <T = Item>(audit: { details?: unknown } | undefined) =>
  (audit?.details as { items?: T[] } | undefined)?.items ?? [];
const ms = (value: unknown) => `${Math.round(Number(value ?? 0))} ms`;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const product = await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const url = `${product.baseUrl}/`;
  // Lighthouse's default settings are its mobile audit: a mid-range phone's screen and CPU (4x slower)
  // on a slow 4G link (150 ms, 1.6 Mbps), simulated from one unthrottled load.
  const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" });
  if (!result) throw new Error("Lighthouse returned no result");
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);

  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  console.log(
    `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.environment.hostUserAgent}`,
  );
  // Lighthouse's own measure of this machine's CPU at the time (higher is faster): a busy machine
  // stretches the long tasks that Total Blocking Time counts, so compare runs at a similar index.
  console.log(`CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`);
  console.log(`Performance score for ${url}: ${score}`);
  for (const [id, name] of METRICS) {
    const audit = lhr.audits[id];
    console.log(`  ${name.padEnd(26)} ${audit?.displayValue ?? "n/a"}`);
  }

  // Where the main thread's time went (at the simulated phone's CPU speed), and the tasks that blocked it.
  const breakdown = itemsOf(lhr.audits["mainthread-work-breakdown"]);
  console.log(
    `  Main-thread work           ${ms(breakdown.reduce((total, item) => total + Number(item.duration ?? 0), 0))}: ${breakdown
      .slice(0, 4)
      .map((item) => `${item.groupLabel} ${ms(item.duration)}`)
      .join(", ")}`,
  );
  const longTasks = itemsOf(lhr.audits["long-tasks"]);
  console.log(
    `  Long tasks                 ${longTasks.length}: ${longTasks
      .slice(0, 6)
      .map((task) => `${ms(task.duration)} (${String(task.url).replace(product.baseUrl, "") || "page"})`)
      .join(", ")}`,
  );

  const requests = itemsOf<NetworkRequest>(lhr.audits["network-requests"]);
  const scripts = requests.filter((request) => request.resourceType === "Script");
  const sum = (items: NetworkRequest[], key: "transferSize" | "resourceSize") =>
    items.reduce((total, item) => total + (item[key] ?? 0), 0);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `  Scripts loaded             ${scripts.length}, ${kB(sum(scripts, "transferSize"))} transferred, ${kB(sum(scripts, "resourceSize"))} uncompressed`,
  );
  for (const script of scripts)
    console.log(`    ${new URL(script.url).pathname.padEnd(48)} ${kB(script.transferSize ?? 0).padStart(10)}`);
  console.log(`  All requests               ${requests.length}, ${kB(sum(requests, "transferSize"))} transferred`);
  if (process.env.LIGHTHOUSE_REPORT) await writeFile(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr, null, 1));
} finally {
  chrome.kill();
  await product.stop();
}
