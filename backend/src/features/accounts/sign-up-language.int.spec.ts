import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, studentForm, teacherForm, tokenOf, uniqueEmail } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../../test/fake-identity-provider";
import type { Mail } from "../../plugins/mailer";

const LANGUAGES = [
  { langKey: "en", reset: "Password reset", hello: "Hello, ", approved: "Your application was approved" },
  { langKey: "pt-br", reset: "Redefinição de senha", hello: "Olá, ", approved: "Sua candidatura foi aprovada" },
] as const;

describe("the language a person signs up in is kept, and their e-mails are written in it", () => {
  let test: TestApp;
  let idp: MockIdentityProvider;
  const mails: Mail[] = [];
  beforeAll(async () => {
    idp = await startMockIdentityProvider();
    test = await createTestApp({
      env: idp.env,
      overrides: { mailer: { send: async (mail) => void mails.push(mail) } },
    });
  });
  afterAll(async () => {
    await test?.close();
    await idp?.stop();
  });

  const languageOf = async (token: string) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).json().langKey;
  /** The reset e-mail is sent after the answer, so it is waited for. */
  const resetMailTo = async (email: string) => {
    const asked = await test.app.inject({
      method: "POST",
      url: "/api/account/reset-password/init",
      headers: { "content-type": "text/plain" },
      payload: email,
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(() => mails.some((mail) => mail.to === email)).toBe(true);
    return mails.find((mail) => mail.to === email) as Mail;
  };
  const approve = async (email: string) => {
    const admin = bearer(await adminToken(test.app));
    const queue = await test.app.inject({ method: "GET", url: "/api/teacher-applications", headers: admin });
    const id = queue.json<{ id: number; email: string }[]>().find((one) => one.email === email)?.id;
    const approved = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(204);
    await expect.poll(() => mails.some((mail) => mail.to === email)).toBe(true);
    return mails.find((mail) => mail.to === email) as Mail;
  };

  it.each(LANGUAGES)("a student signing up in $langKey", async ({ langKey, reset, hello }) => {
    const form = studentForm({ langKey });
    const registered = await test.app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await languageOf(await tokenOf(test.app, form.email, form.password))).toBe(langKey);
    const mail = await resetMailTo(form.email);
    expect(mail.subject).toBe(reset);
    expect(mail.text).toContain(`${hello}Ana!`);
  });

  it.each(LANGUAGES)("a teacher applying in $langKey", async ({ langKey, approved, reset }) => {
    const form = teacherForm({ langKey });
    const applied = await test.app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await approve(form.email)).subject).toBe(approved);
    expect(await languageOf(await tokenOf(test.app, form.email, form.password))).toBe(langKey);
    mails.length = 0;
    expect((await resetMailTo(form.email)).subject).toBe(reset);
  });

  /** The trip through the provider: its code back at our return route gives the sign-up ticket. */
  const ticketFromGoogle = async (email: string) => {
    idp.signInAs({ subject: `language-${email}`, email, firstName: "Bia", lastName: "Lima" });
    const start = await test.app.inject({ method: "GET", url: "/api/google/authorize" });
    const cookie = String(start.headers["set-cookie"]).split(";")[0] as string;
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") as string);
    const code = encodeURIComponent(back.searchParams.get("code") as string);
    const state = encodeURIComponent(back.searchParams.get("state") as string);
    const returned = await test.app.inject({
      method: "GET",
      url: `/api/google/code?code=${code}&state=${state}`,
      headers: { cookie },
    });
    expect(returned.json().outcome).toBe("registration");
    return returned.json().ticket as string;
  };

  it.each(LANGUAGES)("a student signing up through Google in $langKey", async ({ langKey, reset }) => {
    const email = uniqueEmail("google-student");
    const registered = await test.app.inject({
      method: "POST",
      url: "/api/register/social",
      payload: {
        ticket: await ticketFromGoogle(email),
        firstName: "Bia",
        lastName: "Lima",
        phone: "(11)91234-5678",
        level: 1,
        objective: "TRAVEL",
        seen: "FACEBOOK",
        langKey,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await languageOf(registered.json().id_token)).toBe(langKey);
    expect((await resetMailTo(email)).subject).toBe(reset);
  });

  it.each(LANGUAGES)("a teacher applying through Google in $langKey", async ({ langKey, approved }) => {
    const email = uniqueEmail("google-teacher");
    const applied = await test.app.inject({
      method: "POST",
      url: "/api/register/social/teacher",
      payload: {
        ticket: await ticketFromGoogle(email),
        firstName: "Bia",
        lastName: "Lima",
        phone: "(11)91234-5678",
        experience: "Seis anos ensinando inglês",
        langKey,
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await approve(email)).subject).toBe(approved);
  });
});
