import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { localDateOf, wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnProduct } from "../../backend/test/product-process";
import {
  ADMIN,
  acceptedTeacher,
  expectAccessible,
  expectStatus,
  freshDataDir,
  launchBrowser,
  type Product,
  screenshots,
  signedUpStudent,
  startProduct,
} from "./harness";
import { neverReloaded, signedIn } from "./sign-in";

const DAY = 24 * 60 * 60 * 1000;
const WIDE = { width: 1400, height: 900 };
const STUDENT = { email: "bia.costa@example.com", password: "aprender123", firstName: "Bia", lastName: "Costa" };
const PAUL = { email: "paul.board@example.com", password: "teaching123", firstName: "Paul", lastName: "Board" };
const LAURA = { email: "laura.board@example.com", password: "teaching123", firstName: "Laura", lastName: "Payne" };

let product: Product;
let browser: Browser;
let dataDir: string;
/** Yesterday 10:00 in São Paulo: the lesson Laura gave, held before the journey starts. */
let heldLessonDate: Date;

/**
 * The product's rules refuse a lesson in the past, so Laura's held lesson is made as it would have been:
 * the product runs on the journey's data with its clock two days back, the student schedules "tomorrow"
 * at 10:00 and Laura claims it, all through the API; the product then restarts with the real clock.
 */
const holdALessonYesterday = async () => {
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
    E2E_CLOCK_OFFSET_MS: String(-2 * DAY),
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
    const call = async <T>(method: string, apiPath: string, body?: unknown, token?: string) => {
      const response = await fetch(`${baseUrl}${apiPath}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    };
    const login = async (email: string, password: string) => {
      const answer = await call<{ id_token: string }>("POST", "/api/authenticate", {
        username: email,
        password,
        rememberMe: false,
      });
      expectStatus(answer, 200);
      return answer.body.id_token;
    };
    const fakeProduct = {
      api: (method: string, apiPath: string, options: { body?: unknown; token?: string } = {}) =>
        call(method, apiPath, options.body, options.token),
    } as unknown as Product;
    const adminToken = await login(ADMIN.email, ADMIN.password);
    await signedUpStudent(fakeProduct, STUDENT);
    expectStatus(await call("POST", `/api/users/${STUDENT.email}/credits`, { amount: 3 }, adminToken), 200);
    await acceptedTeacher(fakeProduct, adminToken, PAUL);
    await acceptedTeacher(fakeProduct, adminToken, LAURA);
    const trails = await call<{ id: number; level: { id: number } | number }[]>(
      "GET",
      "/api/trails",
      undefined,
      adminToken,
    );
    expectStatus(trails, 200);
    const trailId = trails.body[0]?.id;
    heldLessonDate = new Date(`${localDateOf(new Date(Date.now() - DAY))}T10:00:00-03:00`);
    const scheduled = await call<{ id: number }>(
      "POST",
      "/api/schedulings",
      { trail: { id: trailId }, date: heldLessonDate.toISOString(), objective: "TRAVEL" },
      await login(STUDENT.email, STUDENT.password),
    );
    expectStatus(scheduled, 201);
    expectStatus(
      await call("POST", "/api/lessons", { schedulingId: scheduled.body.id }, await login(LAURA.email, LAURA.password)),
      201,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
};

beforeAll(async () => {
  dataDir = await freshDataDir("el-e2e-board-");
  await holdALessonYesterday();
  product = await startProduct({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const cardsIn = (page: Page, column: string) =>
  page
    .getByRole("region", { name: column, exact: true })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));

describe("the live lesson board", () => {
  it("an administrator watches a lesson scheduled and claimed move on the board, then pays a teacher's month and her Financeiro says Pago", async () => {
    const shot = screenshots("lesson-board");
    const admin = await signedIn(browser, product, ADMIN, "/gerencia/quadro", WIDE);
    const student = await signedIn(browser, product, STUDENT, "/student", WIDE);
    const paul = await signedIn(browser, product, PAUL, "/teacher/aceitar-aulas", WIDE);
    const laura = await signedIn(browser, product, LAURA, "/teacher/financeiro", WIDE);

    await expect
      .poll(() => admin.getByRole("list", { name: "Totais do quadro" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await cardsIn(admin, "Aguardando professor")).toEqual([]);
    await shot(admin, "board-before");
    await expectAccessible(admin, "the lesson board");

    // Yesterday's lesson asks the student for feedback; she leaves it for later.
    await expect.poll(() => student.getByRole("dialog").isVisible(), { timeout: 15_000 }).toBe(true);
    await student.keyboard.press("Escape");
    await expect.poll(() => student.getByRole("dialog").count(), { timeout: 5_000 }).toBe(0);

    // The student schedules tomorrow at 11:00, São Paulo time.
    const tomorrow = localDateOf(new Date(Date.now() + DAY));
    await student.getByLabel("Nível", { exact: true }).selectOption({ label: "Begginer" });
    const trail = student.getByLabel("Conteúdo");
    const trailLabel = (await trail.locator("option").nth(1).textContent()) ?? "";
    await trail.selectOption({ label: trailLabel });
    await student.getByLabel("Data").fill(tomorrow);
    await student.getByLabel("Horário").selectOption("11:00");
    await student.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect
      .poll(() => student.getByText("Agendamento realizado com sucesso!").first().isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The card appears on the administrator's board, waiting for a teacher, without a reload.
    await expect.poll(() => cardsIn(admin, "Aguardando professor"), { timeout: 15_000 }).toHaveLength(1);
    const [label] = await cardsIn(admin, "Aguardando professor");
    expect(label).toMatch(/^Aula \d+ de Bia Costa$/);
    const card = admin.getByRole("listitem", { name: label ?? "" });
    expect(await card.textContent()).toContain("Sem professor");
    expect(await card.textContent()).toContain("Aguardando há");
    await shot(admin, "board-lesson-waiting");

    // Paul claims it on his own page; the card moves to Aceitas with his name.
    const paulsBoard = paul.getByRole("list", { name: "Aulas aguardando professor" });
    await expect.poll(() => paulsBoard.getByText(trailLabel).isVisible(), { timeout: 15_000 }).toBe(true);
    await paulsBoard.getByRole("button", { name: "Aceitar aula" }).click();
    await expect.poll(() => cardsIn(admin, "Aceitas"), { timeout: 15_000 }).toContain(label);
    expect(await cardsIn(admin, "Aguardando professor")).toEqual([]);
    expect(await admin.getByRole("listitem", { name: label ?? "" }).textContent()).toContain("Professor: Paul Board");
    await shot(admin, "board-lesson-accepted");

    // Laura's month, with the lesson she gave yesterday, is still to be paid.
    const held = wallClockOf(heldLessonDate);
    // Her area may ask for yesterday's report first; she leaves it for later.
    if (await laura.getByRole("dialog").isVisible()) await laura.keyboard.press("Escape");
    await laura.getByLabel("Ano").selectOption(String(held.year));
    const lauraMonth = laura.locator(".finance-card").first();
    await expect.poll(() => lauraMonth.textContent(), { timeout: 15_000 }).toContain("A receber");
    await shot(laura, "teacher-finance-pending");
    await expectAccessible(laura, "the teacher's Financeiro");

    // The board moved without a reload; the administrator now pays Laura's month from her page.
    expect(await neverReloaded(admin)).toBe(true);
    await admin
      .getByRole("navigation", { name: "Gerência" })
      .getByRole("link", { name: "Professores", exact: true })
      .click();
    const lauraRow = admin.getByRole("row").filter({ hasText: LAURA.email });
    await expect.poll(() => lauraRow.isVisible(), { timeout: 15_000 }).toBe(true);
    await lauraRow.getByRole("link", { name: "Ver" }).click();
    await admin.getByLabel("Ano").selectOption(String(held.year));
    await admin.getByLabel("Mês").selectOption(String(held.month));
    const payMonth = admin.getByRole("button", { name: "Pagar todas deste mês" });
    await expect.poll(() => payMonth.isEnabled(), { timeout: 15_000 }).toBe(true);
    await payMonth.click();
    // Asked first, with how many given lessons and how much.
    const confirmMonth = admin.getByRole("dialog", { name: "Pagar as aulas do mês" });
    await expect.poll(() => confirmMonth.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectAccessible(admin, "the confirmation of a month's payment");
    await confirmMonth.getByRole("button", { name: /^Pagar R\$/ }).click();
    await expect.poll(() => admin.getByText("Quitado").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(admin, "teacher-month-paid");
    await expectAccessible(admin, "a teacher's page in the back office");

    // Laura's Financeiro turns the month to Pago without a reload.
    await expect.poll(() => lauraMonth.textContent(), { timeout: 15_000 }).toContain("Pago");
    await shot(laura, "teacher-finance-paid");

    for (const page of [student, paul, laura]) expect(await neverReloaded(page)).toBe(true);
  });
});
