import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, expectAccessible, expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { signedInWindow } from "./sign-in";

let product: Product;
let browser: Browser;
let teacherId: number;

const STUDENT = { email: "rita.moura@example.com", password: "aprender123", firstName: "Rita", lastName: "Moura" };
const TEACHER = { email: "owen.reed@example.com", password: "teaching123", firstName: "Owen", lastName: "Reed" };
const PHONE = { width: 390, height: 844 };

/** Rita books a lesson for in three days and Owen claims it: they share a lesson, so they may talk. */
const shareALesson = async () => {
  const trails = await product.api<{ id: number }[]>("GET", "/api/trails", {
    token: await product.login(ADMIN.email, ADMIN.password),
  });
  const date = new Date(`${localDateOf(new Date(Date.now() + 3 * 86_400_000))}T15:00:00-03:00`);
  const scheduling = await product.api<{ id: number }>("POST", "/api/schedulings", {
    token: await product.login(STUDENT.email, STUDENT.password),
    body: { trail: { id: trails.body[0]?.id }, date: date.toISOString(), objective: "TRAVEL" },
  });
  expectStatus(scheduling, 201);
  const teacherToken = await product.login(TEACHER.email, TEACHER.password);
  expectStatus(
    await product.api("POST", "/api/lessons", { token: teacherToken, body: { schedulingId: scheduling.body.id } }),
    201,
  );
  teacherId = (await product.api<{ id: number }>("GET", "/api/account", { token: teacherToken })).body.id;
};

beforeAll(async () => {
  ({ product, browser } = await startJourney({ student: STUDENT, credits: 1, teachers: [TEACHER] }));
  await shareALesson();
}, 240_000);
afterAll(() => stopJourney({ product, browser }));

describe("messages, in two windows", () => {
  it("a student writes from her phone, the teacher sees it arrive live and reads it, and she sees 'Entregue' then 'Lida'; every screen axe-clean", async () => {
    const shot = screenshots("messages");
    const teacher = await signedInWindow(browser, product, TEACHER, "/mensagens");
    await teacher.getByText("Nenhuma conversa ainda").waitFor();
    await expectAccessible(teacher, "/mensagens, empty");

    const student = await signedInWindow(browser, product, STUDENT, `/professores/${teacherId}`, { viewport: PHONE });
    await student.getByRole("link", { name: "Enviar mensagem" }).click();
    await student.getByRole("heading", { name: "Conversa com Owen Reed" }).waitFor({ timeout: 20_000 });
    expect(new URL(student.url()).pathname).toMatch(/^\/mensagens\/\d+$/);
    await expectAccessible(student, "/mensagens/:id at 390 px");
    const draft = student.getByRole("textbox", { name: "Mensagem" });
    await draft.fill("Hi Owen! My homework is at https://example.com/homework");
    await draft.press("Enter");
    const sent = student.getByRole("log").getByRole("listitem").last();
    await sent.getByText("Enviada").or(sent.getByText("Entregue")).waitFor();
    await shot(student, "student-sent");

    // Owen's window was open before the conversation existed: it arrives live, unread, in the list and the header.
    const conversation = teacher.getByRole("link", { name: "Conversa com Rita Moura, 1 mensagem não lida" });
    await conversation.waitFor({ timeout: 10_000 });
    await teacher.getByRole("link", { name: "Mensagens, 1 não lida" }).waitFor();
    await shot(teacher, "teacher-unread");
    // Owen's app asked for his unread count: the message reached it, and Rita sees "Entregue" without a reload.
    await sent.getByText("Entregue").waitFor({ timeout: 10_000 });
    await shot(student, "student-delivered");
    await conversation.click();
    const log = teacher.getByRole("log");
    await log.getByRole("link", { name: "https://example.com/homework" }).waitFor();
    await expectAccessible(teacher, "/mensagens/:id");
    await teacher.getByRole("link", { name: "Mensagens", exact: true }).waitFor();

    await sent.getByText("Lida").waitFor({ timeout: 10_000 });
    await shot(student, "student-read");

    const answer = teacher.getByRole("textbox", { name: "Mensagem" });
    await answer.fill("Thanks, Rita! See you on the lesson.");
    await answer.press("Enter");
    await student.getByRole("log").getByText("Thanks, Rita! See you on the lesson.").waitFor({ timeout: 10_000 });
    await shot(student, "student-answered");
  });
});
