import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate, bearer, signedUpStudent, studentForm, uniqueEmail } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

describe("the signed-in user's own account", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("refuses anonymous visitors", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/account" });
    expect(response.statusCode).toBe(401);
  });

  it("saves settings; the account answers to its new e-mail and keeps its first one as login", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const newEmail = uniqueEmail("nova");
    const saved = await app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(student.token),
      payload: { firstName: "Ana Maria", lastName: "Souza", email: newEmail, langKey: "en", login: "ignored" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers["x-app-alert"]).toBe("settings.messages.success");

    const account = await app.inject({ method: "GET", url: "/api/account", headers: bearer(student.token) });
    expect(account.json()).toMatchObject({
      firstName: "Ana Maria",
      email: newEmail,
      langKey: "en",
      login: student.email,
    });

    const hasUser = async (email: string) =>
      (await app.inject({ method: "GET", url: `/api/account/hasUser?email=${email}` })).json();
    expect(await hasUser(newEmail)).toBe(true);
    // The first e-mail stays the account's login, so nobody else can sign up with it either.
    expect(await hasUser(student.email)).toBe(true);
    for (const email of [student.email, newEmail]) {
      const taken = await app.inject({ method: "POST", url: "/api/register", payload: studentForm({ email }) });
      expect(taken.statusCode).toBe(400);
    }
    expect((await authenticate(app, student.email, student.password)).statusCode).toBe(200);
    expect((await authenticate(app, newEmail, student.password)).statusCode).toBe(200);
  });

  it("refuses to take another account's e-mail", async () => {
    const { app } = test;
    const [ana, bia] = [await signedUpStudent(app), await signedUpStudent(app)];
    const response = await app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(ana.token),
      payload: { firstName: "Ana", lastName: "Souza", email: bia.email, langKey: "pt-br" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("error.emailexists");
  });

  it("changes the password only with the current one", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const change = (currentPassword: string, newPassword: string) =>
      app.inject({
        method: "POST",
        url: "/api/account/change-password",
        headers: bearer(student.token),
        payload: { currentPassword, newPassword },
      });
    const wrong = await change("not-mine", "trocada");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual([{ field: "currentPassword", message: "error.password.incorrect" }]);
    expect((await change(student.password, "trocada")).statusCode).toBe(200);
    expect((await authenticate(app, student.email, "trocada")).statusCode).toBe(200);
    expect((await authenticate(app, student.email, student.password)).statusCode).toBe(401);
  });
});
