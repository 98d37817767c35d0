import { readFileSync } from "node:fs";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, expectAccessible, expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { signedIn, signedInWindow } from "./sign-in";

const STUDENT = { email: "joao.export@example.com", password: "aprender123", firstName: "João", lastName: "Conceição" };
const TEACHER = {
  email: "estevao.export@example.com",
  password: "teaching123",
  firstName: "Estêvão",
  lastName: "Araújo",
};
const TRAIL = "Conversação no café";
/** A student in the Business level, beside João's Begginer, for the student list's level filter. */
const BUSINESS_STUDENT = {
  email: "renata.business@example.com",
  password: "aprender123",
  firstName: "Renata",
  lastName: "Negócios",
};

let product: Product;
let browser: Browser;
let lessonId: number;

/** João's lesson on the trail "Conversação no café" with Estêvão, two days from now, made by the administrator. */
beforeAll(async () => {
  const journey = await startJourney({ student: STUDENT, credits: 1, teachers: [TEACHER] });
  ({ product, browser } = journey);
  const { adminToken } = journey;
  expectStatus(
    await product.api("POST", "/api/register", {
      body: {
        student: true,
        ...BUSINESS_STUDENT,
        phone: "(11)98765-1234",
        level: 6,
        objective: "PROFESSIONAL",
        seen: "SITE",
      },
    }),
    201,
  );
  const trail = await product.api<{ id: number }>("POST", "/api/trails", {
    token: adminToken,
    body: { number: 99, title: TRAIL, level: { id: 1 } },
  });
  expect([201, 202]).toContain(trail.status);
  const idOf = async (email: string) => {
    const user = await product.api<{ id: number }>("GET", `/api/users/${email}`, { token: adminToken });
    expectStatus(user, 200);
    return user.body.id;
  };
  const date = new Date(`${localDateOf(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))}T10:00:00-03:00`);
  const lesson = await product.api<{ id: number }>("POST", "/api/lessons/admin", {
    token: adminToken,
    body: {
      student: { id: await idOf(STUDENT.email) },
      trail: { id: trail.body.id },
      date: date.toISOString(),
      teacher: { id: await idOf(TEACHER.email) },
    },
  });
  expectStatus(lesson, 201);
  lessonId = lesson.body.id;
});

afterAll(() => stopJourney({ product, browser }));

/** Clicks the export link and answers the file the browser saved. */
const exported = async (page: Page, link: string) => {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.getByRole("link", { name: link, exact: true }).click(),
  ]);
  const saved = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(saved) };
};

describe("the lesson-control export, downloaded in a browser", () => {
  it("keeps the accents of names, trail and level in the CSV (UTF-8 with a BOM and ';') and in the XLSX", async () => {
    const shot = screenshots("lesson-control-export");
    const page = await signedIn(browser, product, ADMIN, "/gerencia/aula?year=todos");
    await page.getByRole("cell", { name: TRAIL, exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, "lesson-control");

    const csv = await exported(page, "CSV");
    expect(csv.name).toMatch(/\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]?.split(";").slice(0, 8)).toEqual([
      "ID",
      "Aluno",
      "Nível",
      "Objetivo",
      "Título da aula",
      "Data",
      "Hora",
      "Professor",
    ]);
    const row = lines.find((line) => line.startsWith(`${lessonId};`))?.split(";");
    expect(row?.slice(1, 5)).toEqual(["João Conceição", "Begginer", "Viagem", `99 - ${TRAIL}`]);
    expect(row?.[7]).toBe("Estêvão Araújo");

    const xlsx = await exported(page, "Excel (XLSX)");
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (index: number) =>
      ((sheet?.getRow(index).values ?? []) as unknown[]).slice(1).map((value) => String(value ?? ""));
    expect(values(1).slice(0, 8)).toEqual(lines[0]?.split(";").slice(0, 8));
    const rowCount = sheet?.rowCount ?? 0;
    const lessonRow = Array.from({ length: rowCount }, (_, index) => values(index + 1)).find(
      (cells) => cells[0] === String(lessonId),
    );
    expect(lessonRow?.slice(1, 5)).toEqual(["João Conceição", "Begginer", "Viagem", `99 - ${TRAIL}`]);
    expect(lessonRow?.[7]).toBe("Estêvão Araújo");
    await shot(page, "exported");
  });

  it("lesson control's Ver opens the lesson's page: who and when, history, payout and feedbacks", async () => {
    const shot = screenshots("lesson-detail");
    const page = await signedInWindow(browser, product, ADMIN, "/gerencia/aula?year=todos");
    const row = page.getByRole("row").filter({ hasText: TRAIL });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole("link", { name: "Ver", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/gerencia/aula/${lessonId}`, { timeout: 20_000 });
    await page.getByRole("heading", { name: "Quem e quando", exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole("heading", { name: `Aula [${lessonId}]`, exact: true }).isVisible()).toBe(true);
    // The people link to their records.
    expect(await page.getByRole("link", { name: "João Conceição", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Estêvão Araújo", exact: true }).isVisible()).toBe(true);
    expect(await page.locator(".lesson-detail-steps li").first().textContent()).toContain("Agendada");
    expect(await page.getByText("Pendente", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Nenhum feedback enviado.", { exact: true }).count()).toBe(2);
    await shot(page, "lesson-page");
    await expectAccessible(page, "a lesson's page in the back office");
    await page.context().close();
  });

  it("the student list's level filter keeps the level in the URL and shows only that level's students", async () => {
    const shot = screenshots("students-by-level");
    const page = await signedInWindow(browser, product, ADMIN, "/gerencia/aluno");
    const rowOf = (email: string) => page.getByRole("row").filter({ hasText: email });
    await rowOf(STUDENT.email).waitFor({ timeout: 30_000 });
    expect(await rowOf(BUSINESS_STUDENT.email).isVisible()).toBe(true);
    await page.getByLabel("Nível", { exact: true }).selectOption({ label: "Business" });
    await page.waitForURL((url) => url.searchParams.get("level") === "6", { timeout: 20_000 });
    await expect.poll(() => rowOf(STUDENT.email).count(), { timeout: 20_000 }).toBe(0);
    expect(await rowOf(BUSINESS_STUDENT.email).isVisible()).toBe(true);
    expect(await page.locator("tbody tr").count()).toBe(1);
    await shot(page, "business-students");
    await expectAccessible(page, "the student list filtered by level");
    await page.context().close();
  });
});
