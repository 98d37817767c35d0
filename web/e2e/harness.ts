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
  /** Stops it with SIGTERM, as an orchestrator would; resolves with its exit code (0: it stopped cleanly). */
  stop: () => Promise<number | null>;
}

/**
 * An empty PGlite cluster for this test run (the global teardown removes it). Its initdb, seven seconds of WASM
 * here, is run once, by the run's global setup (web/e2e/global-setup.ts) before the workers start; the run's
 * prepared data folder (below) starts as a copy of it, as if PGlite had just created it (main.int.spec.ts starts
 * the product on a folder PGlite creates itself).
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

/**
 * The run's prepared data folder (the global teardown removes it): the empty cluster on which the product started
 * once, ran every migration and the seed (the catalogue, the first administrator `ADMIN`, its push keys) and stopped.
 * Built once by the run's global setup (web/e2e/global-setup.ts); a product starting on a copy finds nothing to
 * migrate or seed. A fresh start on an empty folder is main.int.spec.ts's part.
 */
export const preparedDataDir = async () => {
  const dir = `${await emptyClusterDir()}-prepared`;
  if (!existsSync(dir)) {
    const building = `${dir}.${process.pid}`;
    cpSync(await emptyClusterDir(), building, { recursive: true });
    try {
      const product = await startProduct({ DATA_DIR: building });
      const code = await product.stop();
      if (code !== 0) throw new Error(`The product preparing ${building} did not stop cleanly (exit code ${code})`);
      renameSync(building, dir);
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  return dir;
};

/**
 * A new data folder (`prefix` names it) holding a copy of the run's prepared cluster (above): migrated, seeded,
 * the first administrator `ADMIN` in it, for a product to start on.
 */
export const freshDataDir = async (prefix = "el-e2e-") => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(await preparedDataDir(), dataDir, { recursive: true });
  return dataDir;
};

/**
 * Starts the built product the way `npm start` does (one process, embedded PGlite in a data folder of its
 * own, a copy of the run's prepared one unless `env.DATA_DIR` names one), on a free port, with a known first administrator. The web app must have been built.
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
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const code = child.exitCode ?? (await exited);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
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

/** What a journey file starts from: the product, a browser, the first administrator's token. */
export interface Journey {
  product: Product;
  browser: Browser;
  adminToken: string;
}

/**
 * The prelude most journey files share: starts the product (`env` added to its environment) and a browser, signs
 * the administrator in, signs `student` up with `credits` lessons bought for them, and has the administrator
 * accept each of `teachers`. Each journey then adds the data of its own.
 */
export const startJourney = async (
  options: { env?: Record<string, string>; student?: Person; credits?: number; teachers?: Person[] } = {},
): Promise<Journey> => {
  const product = await startProduct(options.env);
  const browser = await launchBrowser();
  const adminToken = await product.login(ADMIN.email, ADMIN.password);
  const { student, credits, teachers = [] } = options;
  if (student) await signedUpStudent(product, student);
  if (student && credits)
    expectStatus(
      await product.api("POST", `/api/users/${student.email}/credits`, {
        token: adminToken,
        body: { amount: credits },
      }),
      200,
    );
  for (const teacher of teachers) await acceptedTeacher(product, adminToken, teacher);
  return { product, browser, adminToken };
};

/** `teacher` saves an availability of every day from 07:00 to 23:00 and no day off: free starts whatever the hour. */
export const teachesEveryDay = async (product: Product, teacher: Person) => {
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "07:00", end: "23:00" }));
  expectStatus(
    await product.api("PUT", "/api/teachers/me/availability", {
      token: await product.login(teacher.email, teacher.password),
      body: { weekly, daysOff: [] },
    }),
    200,
  );
};

/** Closes the browser and stops the product a journey file started (either may be missing: its start failed). */
export const stopJourney = async (journey: { product?: Product; browser?: Browser }) => {
  await journey.browser?.close();
  await journey.product?.stop();
};

/**
 * Saves a screenshot of each step of a journey under test-artifacts/<journey>/ (ignored by git) when
 * E2E_SCREENSHOTS=1: a full-page screenshot costs the busy test machine a quarter of a second of a core.
 */
export const screenshots = (journey: string) => {
  if (process.env.E2E_SCREENSHOTS !== "1") return async (_page: Page, _name: string) => undefined;
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
  // The page has drawn its content and nothing shows it loading (a lazy page's chunk or its data): waiting for the
  // network to stay idle for half a second instead cost every checked page that half second and more.
  await page
    .waitForFunction(() => document.querySelector("main") && !document.querySelector(".status-loading"), undefined, {
      timeout: 10_000,
      polling: 50,
    })
    .catch(() => undefined);
  // Only the violations are read, so axe need not describe every node that passes. Legacy mode runs axe in the page
  // itself: the default opens a blank page beside it to merge the frames' results, a renderer more per check (our
  // pages have no frames). Together they halved each check here (1.5 s to 0.7 s a page).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
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
