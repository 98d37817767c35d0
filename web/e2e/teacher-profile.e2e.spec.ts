import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { signedIn } from "./sign-in";

let product: Product;
let browser: Browser;

const STUDENT = { email: "clara.dias@example.com", password: "aprender123", firstName: "Clara", lastName: "Dias" };
const TEACHER = { email: "mark.evans@example.com", password: "teaching123", firstName: "Mark", lastName: "Evans" };
const BIO = "Sou de Londres e moro em Florianópolis. Ensino inglês para viagens e entrevistas de emprego.";

beforeAll(async () => {
  ({ product, browser } = await startJourney({ student: STUDENT, credits: 1, teachers: [TEACHER] }));
});
afterAll(() => stopJourney({ product, browser }));

/** A photo as a phone would give it: a 600×400 PNG, drawn by the browser itself. */
const drawnPhoto = async (page: Page) => {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "#c0783a";
    context.fillRect(0, 0, 600, 400);
    context.fillStyle = "#203963";
    context.beginPath();
    context.arc(300, 180, 110, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.replace(/^data:[^,]*,/, ""), "base64");
};

/** The student schedules a lesson two days from now and the teacher claims it, through the API. */
const acceptedLesson = async () => {
  const student = await product.login(STUDENT.email, STUDENT.password);
  const trails = await product.api<{ id: number }[]>("GET", "/api/trails", { token: student });
  expectStatus(trails, 200);
  const date = new Date(`${localDateOf(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))}T10:00:00-03:00`);
  const scheduling = await product.api<{ id: number }>("POST", "/api/schedulings", {
    token: student,
    body: { trail: { id: trails.body[0]?.id }, date: date.toISOString(), objective: "TRAVEL" },
  });
  expectStatus(scheduling, 201);
  expectStatus(
    await product.api("POST", "/api/lessons", {
      token: await product.login(TEACHER.email, TEACHER.password),
      body: { schedulingId: scheduling.body.id },
    }),
    201,
  );
};

describe("teachers seen as people, in the browser", () => {
  it("a teacher uploads a photo and writes a bio; the student sees them on the accepted lesson", async () => {
    const shot = screenshots("teacher-profile");
    const teacher = await signedIn(browser, product, TEACHER, "/teacher/perfil");
    await expect
      .poll(() => teacher.getByRole("heading", { name: "Meu perfil de professor" }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expectAccessible(teacher, "the teacher's Meu Perfil");

    await teacher.getByLabel("Foto", { exact: true }).setInputFiles({
      name: "mark.png",
      mimeType: "image/png",
      buffer: await drawnPhoto(teacher),
    });
    const ownPhoto = teacher.getByRole("img", { name: "Foto de Mark Evans" }).first();
    await expect.poll(() => ownPhoto.isVisible(), { timeout: 20_000 }).toBe(true);
    // The server answered the resized image: 256 px wide, whatever was uploaded.
    await expect.poll(() => ownPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    await teacher.getByLabel("Sobre você", { exact: true }).fill(BIO);
    // A level is named "Inglês para viagens" too: the specialities are checked in their own group.
    const specialities = teacher.getByRole("group", { name: "Especialidades" });
    await specialities.getByRole("checkbox", { name: "Inglês para viagens", exact: true }).check();
    await specialities.getByRole("checkbox", { name: "Entrevistas de emprego", exact: true }).check();
    await teacher.getByRole("checkbox", { name: "Português", exact: true }).check();
    await teacher.getByRole("button", { name: "Salvar perfil", exact: true }).click();
    await expect.poll(() => teacher.getByText("Perfil salvo.").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(teacher, "teacher-profile-saved");

    await acceptedLesson();
    const student = await signedIn(browser, product, STUDENT, "/student");
    const upcoming = student.getByRole("region", { name: "Próximas aulas" });
    const chipPhoto = upcoming.getByRole("img", { name: "Foto de Mark Evans" });
    await expect.poll(() => chipPhoto.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await upcoming.getByText("Ainda sem avaliações").first().isVisible()).toBe(true);
    await shot(student, "student-lesson-with-teacher");

    await upcoming.getByRole("button", { name: "Detalhes", exact: true }).first().click();
    const details = student.getByRole("dialog");
    const about = details.getByRole("region", { name: "Sobre Mark" });
    await expect.poll(() => about.getByText(BIO).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await about.getByText("Inglês para viagens", { exact: true }).isVisible()).toBe(true);
    expect(await about.getByText("Inglês, Português", { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        about
          .getByRole("img", { name: "Foto de Mark Evans" })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(256);
    await shot(student, "student-lesson-details-teacher");
    await expectAccessible(student, "the lesson details with the teacher's profile");
  });
});
