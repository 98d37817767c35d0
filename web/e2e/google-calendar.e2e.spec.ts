import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "../../backend/test/fake-google-calendar";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../backend/test/fake-identity-provider";
import { ADMIN, expectAccessible, expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { signedIn } from "./sign-in";

let idp: MockIdentityProvider;
let google: FakeGoogleCalendar;
let product: Product;
let browser: Browser;

const STUDENT = { email: "meet.student@example.com", password: "aprender123", firstName: "Julia", lastName: "Moura" };
const TEACHER = { email: "meet.teacher@example.com", password: "teaching123", firstName: "Sam", lastName: "Reed" };

beforeAll(async () => {
  idp = await startMockIdentityProvider();
  google = await startFakeGoogleCalendar();
  ({ product, browser } = await startJourney({
    env: { ...idp.env, ...google.env, GOOGLE_REVOKE_URL: `${idp.issuer}/revoke`, MEETING_INTERVAL_MS: "1000" },
    student: STUDENT,
    credits: 1,
    teachers: [TEACHER],
  }));
}, 180_000);
afterAll(async () => {
  await stopJourney({ product, browser });
  await google?.stop();
  await idp?.stop();
});

describe("Google Calendar and Meet for a teacher, against a local Google", () => {
  it("a teacher connects Google Calendar from the profile; the next lesson they claim gets a Google Meet link", async () => {
    const shot = screenshots("google-calendar");
    const page = await signedIn(browser, product, TEACHER, "/teacher/perfil");
    await page.getByRole("button", { name: "Conectar Google Agenda", exact: true }).click({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === "/calendar", { timeout: 20_000 });
    await page.getByText("Pronto! Sua Google Agenda está conectada", { exact: false }).waitFor({ timeout: 20_000 });
    await expectAccessible(page);
    await shot(page, "connected");
    await page.getByRole("link", { name: "Voltar ao meu perfil", exact: true }).click();
    await page.getByText("Sua Google Agenda está conectada desde", { exact: false }).waitFor({ timeout: 20_000 });
    await shot(page, "profile");

    const trails = await product.api<{ id: number }[]>("GET", "/api/trails", {
      token: await product.login(ADMIN.email, ADMIN.password),
    });
    const date = new Date(`${localDateOf(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000))}T15:00:00-03:00`);
    const studentToken = await product.login(STUDENT.email, STUDENT.password);
    const scheduling = await product.api<{ id: number }>("POST", "/api/schedulings", {
      token: studentToken,
      body: { trail: { id: trails.body[0]?.id }, date: date.toISOString(), objective: "TRAVEL" },
    });
    expectStatus(scheduling, 201);
    const claimed = await product.api<{ meetUrl: string }>("POST", "/api/lessons", {
      token: await product.login(TEACHER.email, TEACHER.password),
      body: { schedulingId: scheduling.body.id },
    });
    expectStatus(claimed, 201);
    expect(claimed.body.meetUrl).toMatch(/^https:\/\/meet\.jit\.si\//);

    // The sweep (every second here) makes the calendar event, and the lesson's link becomes its Meet link.
    await expect
      .poll(
        async () =>
          (
            await product.api<{ lesson?: { meetUrl: string } }>("GET", `/api/schedulings/${scheduling.body.id}`, {
              token: studentToken,
            })
          ).body.lesson?.meetUrl,
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/^https:\/\/meet\.google\.com\//);
    const [event] = [...google.events.values()];
    expect(event?.start).toBe(date.toISOString());
  });
});
