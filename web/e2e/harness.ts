import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { PGlite } from "@electric-sql/pglite";
import { type Browser, chromium, type Page } from "playwright-core";
import { freePort, pgliteTemplateDir, spawnProduct } from "../../backend/test/product-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const ADMIN = { email: "admin@englishlessons.test", password: "admin-password-e2e" };

export interface Product {
  baseUrl: string;
  dataDir: string;
  /** Bodies of the e-mails the product sent (the embedded outbox), oldest first. */
  outbox: () => string[];
  /** Calls the product's API; logs in as `as` (an e-mail/password pair) when given. */
  api: <T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ) => Promise<{ status: number; body: T }>;
  login: (email: string, password: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * An empty PGlite cluster for this test run (the global teardown removes it). Its initdb, seven seconds of WASM
 * here, is run once, by the run's global setup (web/e2e/global-setup.ts) before the workers start; each product's
 * data folder starts as a copy of it, as if PGlite had just created it (main.int.spec.ts starts the product on
 * a folder PGlite creates itself).
 */
export const emptyClusterDir = async () => {
  const dir = pgliteTemplateDir(process.env.TEST_RUN_ID ?? `manual-${process.pid}`);
  if (!existsSync(dir)) {
    const building = `${dir}.${process.pid}`;
    const cluster = await PGlite.create(building);
    await cluster.close();
    renameSync(building, dir);
  }
  return dir;
};

/** A new data folder (`prefix` names it) holding an empty PGlite cluster, for a product to start on. */
export const freshDataDir = async (prefix = "el-e2e-") => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(await emptyClusterDir(), dataDir, { recursive: true });
  return dataDir;
};

/**
 * Starts the built product the way `npm start` does (one process, embedded PGlite in a fresh data
 * folder), on a free port, with a known first administrator. The web app must have been built.
 */
export const startProduct = async (env: Record<string, string> = {}): Promise<Product> => {
  const port = await freePort();
  // A journey that prepared its data on a product of its own passes that folder as DATA_DIR (and removes it).
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? (await freshDataDir());
  const { child, output } = spawnProduct({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret",
    BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Two minutes: on a machine busy with other builds and tests the first start alone can take one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The product exited at start:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/management/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The product did not start in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const api: Product["api"] = async (method, apiPath, options = {}) => {
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
  };

  return {
    baseUrl,
    dataDir,
    api,
    async login(email, password) {
      const response = await api<{ id_token: string }>("POST", "/api/authenticate", {
        body: { username: email, password, rememberMe: false },
      });
      if (response.status !== 200) throw new Error(`login of ${email} failed with ${response.status}`);
      return response.body.id_token;
    },
    outbox() {
      const folder = path.join(dataDir, "outbox");
      try {
        return readdirSync(folder)
          .sort()
          .map((file) => readFileSync(path.join(folder, file), "utf8"));
      } catch {
        return [];
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Fails, showing what the product answered, unless it answered `status`. */
export const expectStatus = (response: { status: number; body: unknown }, status: number) => {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
};

interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A student who signed up through the public form: Básico level, travelling, found the school on Instagram. */
export const signedUpStudent = async (product: Product, student: Person) =>
  expectStatus(
    await product.api("POST", "/api/register", {
      body: {
        student: true,
        ...student,
        phone: "(11)98765-4321",
        level: 1,
        objective: "TRAVEL",
        seen: "INSTAGRAM",
      },
    }),
    201,
  );

/** A teacher who applied through the public form and whom the administrator (signed in as `adminToken`) accepted. */
export const acceptedTeacher = async (product: Product, adminToken: string, teacher: Person) => {
  expectStatus(
    await product.api("POST", "/api/register", {
      body: { student: false, ...teacher, phone: "(11)91234-5678", experience: "Eight years teaching adults" },
    }),
    201,
  );
  const user = await product.api<{ id: number }>("GET", `/api/users/${teacher.email}`, { token: adminToken });
  expectStatus(user, 200);
  expectStatus(
    await product.api("PUT", "/api/users", { token: adminToken, body: { id: user.body.id, activated: true } }),
    200,
  );
};

/** Debian's chromium, headless, with the flags this closed network needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

/** Saves a screenshot of each step of a journey under test-artifacts/<journey>/ (ignored by git). */
export const screenshots = (journey: string) => {
  const folder = path.join(root, "test-artifacts", journey);
  mkdirSync(folder, { recursive: true });
  let step = 0;
  return (page: Page, name: string) =>
    page.screenshot({ path: path.join(folder, `${String(++step).padStart(2, "0")}-${name}.png`), fullPage: true });
};

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation (WCAG 2.x A
 * and AA and axe's best practices), naming the rule, its help text and the elements found wanting.
 * Waits for the page to settle first: lazily loaded pages show a loading state for a moment.
 */
export const expectAccessible = async (page: Page, where = page.url()) => {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector(".status-loading"), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  if (blocking.length > 0)
    throw new Error(
      `Accessibility violations on ${where}:\n${blocking
        .map(
          (violation) =>
            `- ${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
              .slice(0, 8)
              .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\n/g, " ")}`)
              .join("\n")}`,
        )
        .join("\n")}`,
    );
};
