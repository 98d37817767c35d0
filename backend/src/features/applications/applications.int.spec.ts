import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent, teacherForm, tokenOf } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import type { Mail } from "../../plugins/mailer";

/** Administrators review teacher applications: approve, or turn down with a reason; the applicant is told. */
describe("the teacher application review queue", () => {
  let test: TestApp;
  let admin: Record<string, string>;
  const mails: Mail[] = [];
  beforeAll(async () => {
    test = await createTestApp({ overrides: { mailer: { send: async (mail) => void mails.push(mail) } } });
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  const apply = async (overrides: Record<string, unknown> = {}) => {
    const form = teacherForm(overrides);
    expect((await test.app.inject({ method: "POST", url: "/api/register", payload: form })).statusCode).toBe(201);
    return form as typeof form & { email: string; password: string };
  };
  const queue = async () =>
    (await test.app.inject({ method: "GET", url: "/api/teacher-applications", headers: admin })).json<
      { id: number; email: string; experience: string | null }[]
    >();
  const idOf = async (email: string) =>
    (await queue()).find((application) => application.email === email)?.id as number;
  const signIn = (form: { email: string; password: string }) =>
    test.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: form.email, password: form.password },
    });

  it("lists waiting applications with their experience; approving one lets the teacher sign in and tells them", async () => {
    const paulo = await apply({ firstName: "Paulo", experience: "Dez anos com adultos" });
    expect((await queue()).find((application) => application.email === paulo.email)).toMatchObject({
      experience: "Dez anos com adultos",
    });
    expect((await signIn(paulo)).statusCode).not.toBe(200);

    const approved = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${await idOf(paulo.email)}/approve`,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(204);
    expect((await queue()).some((application) => application.email === paulo.email)).toBe(false);
    expect((await signIn(paulo)).statusCode).toBe(200);
    expect(await tokenOf(test.app, paulo.email, paulo.password)).toBeTruthy();
    const mail = mails.find((one) => one.to === paulo.email);
    expect(mail?.subject).toBe("Sua candidatura foi aprovada");
    expect(mail?.text).toContain("Olá, Paulo!");
  });

  it("turns an application down with the reason, takes it off the queue and tells the applicant why", async () => {
    const rita = await apply({ firstName: "Rita" });
    const id = await idOf(rita.email);
    const blank = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${id}/reject`,
      headers: admin,
      payload: { reason: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect((await queue()).some((application) => application.id === id)).toBe(true);

    const rejected = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${id}/reject`,
      headers: admin,
      payload: { reason: "Procuramos professores com certificação" },
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect((await queue()).some((application) => application.id === id)).toBe(false);
    expect((await signIn(rita)).statusCode).not.toBe(200);
    const mail = mails.find((one) => one.to === rita.email);
    expect(mail?.subject).toBe("Sua candidatura não foi aprovada");
    expect(mail?.text).toContain("Motivo: Procuramos professores com certificação");

    // Turned down already: a second refusal is a conflict and sends nothing more.
    const again = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${id}/reject`,
      headers: admin,
      payload: { reason: "De novo" },
    });
    expect(again.statusCode).toBe(409);
    expect(mails.filter((one) => one.to === rita.email)).toHaveLength(1);
  });

  it("is for administrators only, and knows no application of a student", async () => {
    const student = await signedUpStudent(test.app);
    expect((await test.app.inject({ method: "GET", url: "/api/teacher-applications" })).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/teacher-applications", headers: bearer(student.token) }))
        .statusCode,
    ).toBe(403);
    const { rows } = await test.app.db.query<{ id: string }>("select id from users where kind = 'student' limit 1");
    const notATeacher = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${rows[0]?.id}/approve`,
      headers: admin,
    });
    expect(notATeacher.statusCode).toBe(404);
  });
});
