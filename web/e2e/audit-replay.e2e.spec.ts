import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
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
const STUDENT = { email: "rita.replay@example.com", password: "aprender123", firstName: "Rita", lastName: "Prado" };
const AUDITOR = { email: "auditor.replay@example.com", password: "senha-do-auditor" };
/** Signed up this month, after the replayed moment. */
const NEWCOMER = { email: "nina.nova@example.com", password: "aprender123", firstName: "Nina", lastName: "Nova" };
const TRAIL = "Relatórios do mês";
/** Lessons scheduled last month, before its end: the replay shows exactly these. */
const LAST_MONTH_LESSONS = 3;

let product: Product;
let browser: Browser;
let dataDir: string;
let adminToken: string;
let studentId: number;
let trailId: number;

/** Three days before this month began in São Paulo, at this time of day: well inside last month. */
const lastMonthOffset = () => {
  const [year, month] = localDateOf(new Date()).split("-").map(Number) as [number, number];
  const monthStart = Date.parse(`${year}-${String(month).padStart(2, "0")}-01T00:00:00-03:00`);
  return monthStart - 3 * DAY - Date.now();
};

type Api = Product["api"];
const caller =
  (baseUrl: string): Api =>
  async (method, apiPath, options = {}) => {
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
  };

/** An administrator's "Criar aula" for the student, `days` after `now` at `hour` in São Paulo. */
const scheduleLesson = async (api: Api, token: string, now: number, days: number, hour: number) => {
  const date = new Date(`${localDateOf(new Date(now + days * DAY))}T${String(hour).padStart(2, "0")}:00:00-03:00`);
  const lesson = await api("POST", "/api/lessons/admin", {
    token,
    body: { student: { id: studentId }, trail: { id: trailId }, date: date.toISOString() },
  });
  expectStatus(lesson, 201);
};

/**
 * The store records each event at the database's clock, so last month's lessons are made as they would have
 * been: the product runs on the journey's data with its clock three days before this month, the student signs
 * up, gets credits and three lessons, and an auditor is made, all through the API.
 */
const lastMonth = async () => {
  const offset = lastMonthOffset();
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
    E2E_CLOCK_OFFSET_MS: String(offset),
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
    expectStatus(await api("POST", `/api/users/${STUDENT.email}/credits`, { body: { amount: 20 }, token }), 200);
    const student = await api<{ id: number }>("GET", `/api/users/${STUDENT.email}`, { token });
    studentId = student.body.id;
    const trail = await api<{ id: number }>("POST", "/api/trails", {
      token,
      body: { number: 98, title: TRAIL, level: { id: 1 } },
    });
    expect([201, 202]).toContain(trail.status);
    trailId = trail.body.id;
    const shiftedNow = Date.now() + offset;
    for (let lesson = 0; lesson < LAST_MONTH_LESSONS; lesson++)
      await scheduleLesson(api, token, shiftedNow, 5, 9 + lesson);
    const auditor = await api<{ id: number }>("POST", "/api/users", {
      token,
      body: { login: AUDITOR.email, email: AUDITOR.email, firstName: "Auditor", password: AUDITOR.password },
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
  dataDir = await freshDataDir("el-e2e-replay-");
  await lastMonth();
  product = await startProduct({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  adminToken = await product.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("an auditor replays lesson control to the end of last month", () => {
  it("while new lessons keep arriving, and the replayed list shows only last month's", async () => {
    const shot = screenshots("audit-replay");
    // This month's lessons keep arriving while the auditor works.
    let arriving = true;
    let arrived = 0;
    const arrivals = (async () => {
      for (let hour = 8; arriving && hour < 20; hour++) {
        await scheduleLesson(product.api, adminToken, Date.now(), 3, hour);
        arrived++;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    try {
      const page = await signedInWindow(browser, product, AUDITOR, "/auditoria/replays");
      await page.getByText("Nenhum replay ainda.", { exact: true }).waitFor({ timeout: 30_000 });
      // The end of last month is the instant offered.
      await page.getByRole("button", { name: "Fim do mês passado", exact: true }).click();
      await shot(page, "replays-form");
      await page.getByRole("button", { name: "Iniciar replay", exact: true }).click();
      const replays = page.getByRole("table", { name: "Replays", exact: true });
      await replays.getByText("Concluído", { exact: true }).waitFor({ timeout: 60_000 });
      await shot(page, "replay-done");
      await replays.getByRole("link", { name: "Abrir controle de aulas", exact: true }).click();

      const lessons = page.getByRole("table", { name: /^Controle de aulas em / });
      await lessons.waitFor({ timeout: 30_000 }).catch(async (error) => {
        await shot(page, "replayed-lesson-control-missing");
        throw error;
      });
      await shot(page, "replayed-lesson-control");
      expect(await lessons.locator("tbody tr").count()).toBe(LAST_MONTH_LESSONS);
      expect(await page.locator(".audit-replay-totals dd").first().textContent()).toBe(String(LAST_MONTH_LESSONS));

      // Meanwhile the live list has grown: the replay did not follow it.
      arriving = false;
      await arrivals;
      expect(arrived).toBeGreaterThan(0);
      const live = await product.api<{ totalElements: number }>("GET", "/api/lessons?size=100", { token: adminToken });
      expectStatus(live, 200);
      expect(live.body.totalElements).toBe(LAST_MONTH_LESSONS + arrived);
      await page.context().close();
    } finally {
      arriving = false;
      await arrivals;
    }
  });

  it("replays the students to the end of last month: one who signed up since is not there, and nothing can be changed", async () => {
    const shot = screenshots("audit-replay-students");
    await signedUpStudent(product, NEWCOMER);
    const page = await signedInWindow(browser, product, AUDITOR, "/auditoria/replays");
    await page.getByLabel("Modelo de leitura", { exact: true }).selectOption("users");
    await page.getByRole("button", { name: "Fim do mês passado", exact: true }).click();
    await page.getByRole("button", { name: "Iniciar replay", exact: true }).click();
    const replays = page.getByRole("table", { name: "Replays", exact: true });
    const row = replays.locator("tbody tr", { hasText: "users" });
    await row.getByText("Concluído", { exact: true }).waitFor({ timeout: 60_000 });
    await row.getByRole("link", { name: "Abrir alunos", exact: true }).click();

    await page
      .getByRole("status")
      .filter({ hasText: /Réplica de \d{2}\/\d{2}\/\d{2} \d{2}:\d{2} — somente leitura\./ })
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        await shot(page, "replay-banner-missing");
        throw error;
      });
    await page.getByText(STUDENT.email).first().waitFor({ timeout: 30_000 });
    await shot(page, "replayed-students");
    expect(await page.getByText(NEWCOMER.email).count()).toBe(0);
    // Read-only: nothing to create, and no button in any row (activation is a badge, credits are not offered).
    expect(await page.getByText("Criar aluno", { exact: true }).count()).toBe(0);
    expect(await page.locator("table tbody button").count()).toBe(0);

    // The live list, to an administrator, has the newcomer.
    const live = await product.api<{ email: string }[]>("GET", "/api/users/student?size=100", { token: adminToken });
    expectStatus(live, 200);
    expect(live.body.map((user) => user.email)).toContain(NEWCOMER.email);
    await page.context().close();
  });
});
