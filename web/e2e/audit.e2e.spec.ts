import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnProduct } from "../../backend/test/product-process";
import {
  ADMIN,
  expectStatus,
  freshDataDir,
  launchBrowser,
  type Product,
  screenshots,
  signedUpStudent,
  startProduct,
} from "./harness";
import { signedInWindow } from "./sign-in";

const DAY = 24 * 60 * 60 * 1000;
const STUDENT = { email: "clara.audit@example.com", password: "aprender123", firstName: "Clara", lastName: "Nunes" };
const AUDITOR = { email: "auditora.e2e@example.com", password: "senha-da-auditora" };

let product: Product;
let browser: Browser;
let dataDir: string;
let studentId: number;

/** Calls a product at `baseUrl`, signed in with `token` when given. */
const caller =
  (baseUrl: string) =>
  async <T>(method: string, apiPath: string, options: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

/**
 * The store records each event at the database's own clock, so last week's history is made as it would have
 * been: the product runs on the journey's data with its clock (and so its embedded database's) seven days back,
 * the student signs up, the administrator grants her 5 lessons and makes an auditor, all through the API.
 */
const lastWeek = async () => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const preload = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "clock-offset.mjs")).href;
  const { child, output } = spawnProduct({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret",
    BASE_URL: baseUrl,
    LOG_LEVEL: "warn",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
    E2E_CLOCK_OFFSET_MS: String(-7 * DAY),
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The product exited at start:\n${output()}`);
      const ready = await fetch(`${baseUrl}/management/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`The product did not start in time:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const api = caller(baseUrl);
    const signIn = await api<{ id_token: string }>("POST", "/api/authenticate", {
      body: { username: ADMIN.email, password: ADMIN.password, rememberMe: false },
    });
    expectStatus(signIn, 200);
    const token = signIn.body.id_token;
    await signedUpStudent({ api } as unknown as Product, STUDENT);
    expectStatus(await api("POST", `/api/users/${STUDENT.email}/credits`, { body: { amount: 5 }, token }), 200);
    const auditor = await api<{ id: number }>("POST", "/api/users", {
      token,
      body: { login: AUDITOR.email, email: AUDITOR.email, firstName: "Auditora", password: AUDITOR.password },
    });
    expectStatus(auditor, 201);
    expectStatus(
      await api("PUT", "/api/users", {
        token,
        body: { id: auditor.body.id, authorities: ["ROLE_USER", "ROLE_AUDITOR"] },
      }),
      200,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
};

beforeAll(async () => {
  dataDir = await freshDataDir("el-e2e-audit-");
  await lastWeek();
  product = await startProduct({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  // Today the administrator grants 2 more: 7 now, 5 all last week.
  const admin = await product.login(ADMIN.email, ADMIN.password);
  expectStatus(
    await product.api("POST", `/api/users/${STUDENT.email}/credits`, { body: { amount: 2 }, token: admin }),
    200,
  );
  const student = await product.api<{ id: number }>("GET", `/api/users/${STUDENT.email}`, { token: admin });
  expectStatus(student, 200);
  studentId = student.body.id;
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("an auditor in a browser", () => {
  it("opens a student's history, sees how the balance came to be, and slides back to last week's balance", async () => {
    const shot = screenshots("audit");
    const page = await signedInWindow(browser, product, AUDITOR, "/auditoria");
    const stream = `student-${studentId}`;

    // The timeline, filtered to the student's stream, leads to her page.
    await page.getByLabel("Fluxo", { exact: true }).fill(stream);
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    const streamLink = page.getByRole("link", { name: stream, exact: true }).first();
    await streamLink.waitFor({ timeout: 20_000 });
    await shot(page, "timeline-of-the-student");
    await streamLink.click();

    // Each event with the balance after it: 0 at sign-up, 5 granted last week, 7 today.
    const table = page.getByRole("table", { name: "Eventos do fluxo", exact: true });
    await table.waitFor({ timeout: 20_000 });
    const balances = () =>
      table.locator("tbody tr").evaluateAll((rows) =>
        rows.map((row) => ({
          type: row.querySelectorAll("td")[2]?.textContent,
          balance: row.querySelector(".audit-balance")?.textContent,
        })),
      );
    const now = await balances();
    expect(now.filter((row) => row.type === "CreditsGranted").map((row) => row.balance)).toEqual([
      "Saldo: 5 aulas",
      "Saldo: 7 aulas",
    ]);
    expect(await page.getByRole("heading", { name: "Estado atual", exact: true }).isVisible()).toBe(true);
    expect(await page.locator("p.audit-balance").textContent()).toBe("Saldo: 7 aulas");
    await shot(page, "balance-history-now");

    // Three days ago, between last week's grant and today's: the balance then, and the events that made it.
    const threeDaysAgo = Math.floor((Date.now() - 3 * DAY) / 60_000) * 60_000;
    // As a drag ends: the slider's value set and an input event (playwright's fill moves a range to its end).
    await page.getByLabel("Momento", { exact: true }).evaluate((slider, value) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(slider, value);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    }, String(threeDaysAgo));
    await page.getByRole("heading", { name: /^Estado em / }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator("p.audit-balance").textContent(), { timeout: 20_000 }).toBe("Saldo: 5 aulas");
    const then = await balances();
    expect(then.filter((row) => row.type === "CreditsGranted").map((row) => row.balance)).toEqual(["Saldo: 5 aulas"]);
    expect(new URL(page.url()).searchParams.get("at")).toBe(new Date(threeDaysAgo).toISOString());
    await shot(page, "balance-last-week");
    await page.context().close();
  });

  it("an administrator reaches the same history from the student's page in the back office", async () => {
    const page = await signedInWindow(browser, product, ADMIN, "/gerencia/aluno");
    const row = page.getByRole("row").filter({ hasText: STUDENT.email });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole("link", { name: "Ver", exact: true }).click();
    const history = page.getByRole("link", { name: "Histórico", exact: true });
    await history.waitFor({ timeout: 20_000 });
    await history.click();
    await page.waitForURL((url) => url.pathname === `/auditoria/fluxos/student-${studentId}`, { timeout: 20_000 });
    await page.getByRole("table", { name: "Eventos do fluxo", exact: true }).waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it("the API refuses the auditor every change, and refuses the student the history", async () => {
    const auditor = await product.login(AUDITOR.email, AUDITOR.password);
    const student = await product.login(STUDENT.email, STUDENT.password);
    for (const [method, apiPath, body] of [
      ["POST", `/api/users/${STUDENT.email}/credits`, { amount: 1 }],
      ["PUT", "/api/users", { id: studentId, firstName: "Mudada" }],
      ["DELETE", `/api/users/${STUDENT.email}`, undefined],
    ] as const) {
      expect((await product.api(method, apiPath, { token: auditor, body })).status, `${method} ${apiPath}`).toBe(403);
    }
    expect((await product.api("GET", `/api/audit/streams/student-${studentId}`, { token: student })).status).toBe(403);
    expect((await product.api("GET", "/api/audit/events", { token: student })).status).toBe(403);
  });
});
