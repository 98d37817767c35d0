import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  expectAccessible,
  expectStatus,
  type Product,
  screenshots,
  startJourney,
  stopJourney,
  teachesEveryDay,
} from "./harness";
import { neverReloaded, signedInWindow } from "./sign-in";

let product: Product;
let browser: Browser;
let teacherId: number;
let trailId: number;

const STUDENT = { email: "nina.rocha@example.com", password: "aprender123", firstName: "Nina", lastName: "Rocha" };
const TEACHER = { email: "owen.clark@example.com", password: "teaching123", firstName: "Owen", lastName: "Clark" };
const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** A São Paulo date `days` from today. */
const dayIn = (days: number) => localDateOf(new Date(Date.now() + days * DAY_MS));

beforeAll(async () => {
  const journey = await startJourney({ student: STUDENT, credits: 6, teachers: [TEACHER] });
  ({ product, browser } = journey);
  const { adminToken } = journey;
  const teacher = await product.api<{ id: number }>("GET", `/api/users/${TEACHER.email}`, { token: adminToken });
  expectStatus(teacher, 200);
  teacherId = teacher.body.id;
  await teachesEveryDay(product, TEACHER);
  const student = await product.login(STUDENT.email, STUDENT.password);
  const trails = await product.api<{ id: number; level?: { id: number } }[]>("GET", "/api/trails", { token: student });
  expectStatus(trails, 200);
  trailId = (trails.body.find((trail) => trail.level?.id === 1) ?? trails.body[0])?.id ?? 0;
}, 240_000);
afterAll(() => stopJourney({ product, browser }));

const asStudent = async (method: string, path: string, body: unknown) =>
  product.api(method, path, { token: await product.login(STUDENT.email, STUDENT.password), body });

/**
 * A phone-sized window of `person` at `pagePath`, returned once its live feed is connected (socket.io's
 * connect packet received), its document marked for `neverReloaded`.
 */
const liveWindow = async (person: typeof STUDENT, pagePath: string) => {
  let connected: Promise<unknown> = Promise.resolve();
  const page = await signedInWindow(browser, product, person, pagePath, {
    viewport: PHONE,
    watch: (opening) => {
      connected = opening.waitForEvent("websocket", { timeout: 20_000 }).then((socket) =>
        socket.waitForEvent("framereceived", {
          predicate: (frame) => String(frame.payload).startsWith("40"),
          timeout: 20_000,
        }),
      );
    },
  });
  await connected;
  await page.evaluate(() => {
    (window as unknown as { journeyMarker: boolean }).journeyMarker = true;
  });
  return page;
};

describe("a teacher's availability, requests and series, in the browser", () => {
  it("the teacher sees a booking live, takes that day off, the student sees the lesson wait for a teacher again live, and a request is answered live; every page axe-clean at 390 px", async () => {
    const shot = screenshots("teacher-availability");
    const day = dayIn(3);
    const page = await liveWindow(TEACHER, "/teacher");
    const teacherUpcoming = page.getByRole("region", { name: "Próximas aulas" });
    await teacherUpcoming.getByText("Não há aulas marcadas!").waitFor({ timeout: 20_000 });

    const booked = await asStudent("POST", `/api/teachers/${teacherId}/bookings`, {
      start: `${day}T10:00:00-03:00`,
      trailId,
    });
    expectStatus(booked, 201);
    const lessonId = (booked.body as { id: number }).id;
    await page.getByText(/Nina Rocha agendou uma aula com você em .+ às 10:00/).waitFor({ timeout: 20_000 });
    await teacherUpcoming
      .locator(`tr[data-lesson-id="${lessonId}"]`)
      .getByText("Nina Rocha")
      .waitFor({ timeout: 20_000 });
    expect(await neverReloaded(page)).toBe(true);
    await expectAccessible(page, "/teacher with a lesson booked live");
    await shot(page, "booked-live");

    const student = await liveWindow(STUDENT, "/student");
    const lesson = student.getByRole("region", { name: "Próximas aulas" }).locator(`tr[data-lesson-id="${lessonId}"]`);
    await lesson.getByText(/Owen/).waitFor({ timeout: 20_000 });
    expect(await lesson.locator(".lesson-status").textContent()).toBe("Aceito");

    await page.goto(`${product.baseUrl}/teacher/disponibilidade`);
    await page.getByRole("group", { name: "Segunda-feira, das 07:00 às 23:00" }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, "/teacher/disponibilidade");
    await shot(page, "availability");

    await page.getByLabel("Data da folga").fill(day);
    await page.getByRole("button", { name: "Adicionar folga" }).click();
    await page.getByRole("button", { name: "Salvar disponibilidade" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar alteração" });
    await dialog.getByText(/às 10:00 com Nina/).waitFor({ timeout: 20_000 });
    await expectAccessible(page, "/teacher/disponibilidade, confirming a day off");
    await shot(page, "day-off-confirm");
    await dialog.getByRole("button", { name: "Confirmar e salvar" }).click();
    await page.getByText("Disponibilidade salva.").waitFor({ timeout: 20_000 });

    // The student's home, never reloaded, shows the lesson waiting for a teacher again.
    await expect.poll(() => lesson.locator(".lesson-status").textContent(), { timeout: 20_000 }).toBe("Pendente");
    expect(await lesson.getByText(/Owen/).count()).toBe(0);
    expect(await lesson.getByRole("link", { name: "Entrar na aula" }).count()).toBe(0);
    expect(await neverReloaded(student)).toBe(true);
    await expectAccessible(student, "/student after the teacher took the lesson's day off");
    await shot(student, "student-lesson-unassigned");
    await student.context().close();

    await page.goto(`${product.baseUrl}/teacher`);
    const requests = page.getByRole("region", { name: "Solicitadas para você" });
    await requests.getByText("Nenhuma aula solicitada para você no momento.").waitFor({ timeout: 20_000 });
    expectStatus(
      await asStudent("POST", `/api/teachers/${teacherId}/requests`, {
        start: `${day}T15:00:00-03:00`,
        trailId,
        fallback: "BOARD",
      }),
      201,
    );
    await requests.getByText("Aluno: Nina Rocha").waitFor({ timeout: 20_000 });
    await expectAccessible(page, "/teacher with a request");
    await shot(page, "request");
    await requests.getByRole("button", { name: /^Aceitar a aula de Nina Rocha/ }).click();
    await requests.getByText(/Aula aceita!/).waitFor({ timeout: 20_000 });
    await page.context().close();
  }, 300_000);

  it("the back office edits a teacher's availability, moderates reviews and ends a series", async () => {
    const shot = screenshots("back-office-series");
    expectStatus(
      await asStudent("POST", "/api/lesson-series", {
        teacherId,
        start: `${dayIn(5)}T11:00:00-03:00`,
        weeks: 2,
        trailId,
      }),
      201,
    );
    const page = await signedInWindow(browser, product, ADMIN, "/gerencia/series");
    const end = page.getByRole("button", { name: "Encerrar a série de Nina Rocha com Owen Clark" });
    // The series reaches the back office's list once its read model caught up.
    for (let attempt = 0; attempt < 10 && !(await end.isVisible()); attempt++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await end.waitFor({ timeout: 20_000 });
    await expectAccessible(page, "/gerencia/series");
    await shot(page, "series");
    await end.click();
    await page.getByRole("dialog", { name: "Encerrar série" }).getByRole("button", { name: "Encerrar série" }).click();
    await page.getByRole("cell", { name: "Encerrada", exact: true }).waitFor({ timeout: 20_000 });

    await page.goto(`${product.baseUrl}/gerencia/professor/${encodeURIComponent(TEACHER.email)}`);
    const availability = page.getByRole("region", { name: "Disponibilidade" });
    await availability.getByRole("group", { name: "Terça-feira, das 07:00 às 23:00" }).waitFor({ timeout: 20_000 });
    await page
      .getByRole("region", { name: "Comentários dos alunos" })
      .getByText("Nenhum comentário de aluno ainda.")
      .waitFor();
    await expectAccessible(page, "/gerencia/professor/{login}");
    await shot(page, "teacher-detail");
    await availability.getByRole("button", { name: "Remover horário de Domingo, das 07:00 às 23:00" }).click();
    await availability.getByRole("button", { name: "Salvar disponibilidade" }).click();
    await availability.getByText("Disponibilidade salva.").waitFor({ timeout: 20_000 });
    await page.context().close();
  }, 300_000);
});
