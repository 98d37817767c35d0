import { TRIAL_LEVEL_ID } from "@el/domain/accounts/student-account";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminToken,
  authenticate,
  bearer,
  eventsOfType,
  studentForm,
  teacherForm,
  tokenOf,
} from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

describe("registration", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("makes a student an active account with no credits, who can sign in at once", async () => {
    const { app } = test;
    const form = studentForm({ email: "Ana.Souza@Example.com" });
    const response = await app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-app-alert"]).toBe("register.messages.success");

    const token = await tokenOf(app, "ana.souza@example.com", form.password);
    const account = await app.inject({ method: "GET", url: "/api/account", headers: bearer(token) });
    expect(account.json()).toMatchObject({
      login: "ana.souza@example.com",
      email: "ana.souza@example.com",
      firstName: "Ana",
      lastName: "Souza",
      activated: true,
      balance: 0,
      level: 1,
      objective: "TRAVEL",
      phone: "(11)98765-4321",
      langKey: "pt-br",
      authorities: ["ROLE_USER", "ROLE_STUDENT"],
    });
  });

  it("stores only an argon2id hash of the password", async () => {
    const form = studentForm();
    await test.app.inject({ method: "POST", url: "/api/register", payload: form });
    const [registered] = (await eventsOfType(test.app, "StudentRegistered")).filter(
      (event) => event.data.email === form.email,
    );
    expect(registered?.data.passwordHash).toMatch(/^\$argon2id\$/);
    const { rows } = await test.db.query("select data::text as data from es_events");
    expect(rows.some((row) => String(row.data).includes(form.password))).toBe(false);
  });

  it("refuses an e-mail already registered, in any case, with the duplicate e-mail key", async () => {
    const { app } = test;
    const first = studentForm();
    expect((await app.inject({ method: "POST", url: "/api/register", payload: first })).statusCode).toBe(201);
    for (const again of [studentForm({ email: first.email }), teacherForm({ email: first.email.toUpperCase() })]) {
      const response = await app.inject({ method: "POST", url: "/api/register", payload: again });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: "error.emailexists",
        fieldErrors: [{ field: "email", message: "error.emailexists" }],
      });
    }
  });

  it.each([
    ["a level the catalogue does not have", 999999, "error.level.notFound"],
    ["the trial lessons' level ('Aula Experimental'), which is no English level", TRIAL_LEVEL_ID, "error.level.trial"],
  ])("refuses %s, storing no account", async (_, level, message) => {
    const { app } = test;
    const form = studentForm({ level });
    const response = await app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      title: "Bad Request",
      message,
      fieldErrors: [{ field: "level", message }],
    });
    const registered = await eventsOfType(app, "StudentRegistered");
    expect(registered.filter((event) => event.data.email === form.email)).toEqual([]);
    const hasUser = await app.inject({
      method: "GET",
      url: `/api/account/hasUser?email=${encodeURIComponent(form.email)}`,
    });
    expect(hasUser.json()).toBe(false);
  });

  it("answers whether an e-mail has an account", async () => {
    const { app } = test;
    const form = studentForm();
    const hasUser = (email: string) =>
      app.inject({ method: "GET", url: `/api/account/hasUser?email=${encodeURIComponent(email)}` });
    expect((await hasUser(form.email)).json()).toBe(false);
    await app.inject({ method: "POST", url: "/api/register", payload: form });
    expect((await hasUser(form.email)).json()).toBe(true);
    expect((await hasUser(form.email.toUpperCase())).json()).toBe(true);
  });

  it("keeps a teacher out until an administrator accepts the application", async () => {
    const { app } = test;
    const form = teacherForm();
    const applied = await app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ activated: false });

    // The right password is told the application is under review; a wrong one learns nothing more.
    const refused = await authenticate(app, form.email, form.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("login.messages.error.underReview");
    expect(refused.headers["x-app-error"]).toBe("login.messages.error.underReview");
    const guessed = await authenticate(app, form.email, `${form.password}x`);
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().message).toBe("login.messages.error.authentication");

    const admin = await adminToken(app);
    const pending = await app.inject({ method: "GET", url: `/api/users/${form.email}`, headers: bearer(admin) });
    expect(pending.json()).toMatchObject({ kind: "teacher", activated: false, accepted: false });
    const accepted = await app.inject({
      method: "PUT",
      url: "/api/users",
      headers: bearer(admin),
      payload: { id: pending.json().id, activated: true },
    });
    expect(accepted.json()).toMatchObject({
      activated: true,
      accepted: true,
      authorities: ["ROLE_USER", "ROLE_TEACHER"],
    });
    expect(await eventsOfType(app, "TeacherAccepted")).toHaveLength(1);

    const token = await tokenOf(app, form.email, form.password);
    const account = await app.inject({ method: "GET", url: "/api/account", headers: bearer(token) });
    expect(account.json()).toMatchObject({ firstName: "Paulo", experience: form.experience, activated: true });
  });
});

describe("concurrent registrations of one e-mail on PostgreSQL", () => {
  it("store exactly one account; every other attempt is told the e-mail exists", async () => {
    const { app, db, close } = await createTestApp({ driver: "pg" });
    try {
      const email = "corrida@example.com";
      const forms = Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? studentForm({ email, firstName: `Aluna${i}` }) : teacherForm({ email, firstName: `Prof${i}` }),
      );
      const responses = await Promise.all(
        forms.map((payload) => app.inject({ method: "POST", url: "/api/register", payload })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
      for (const refused of responses.filter((response) => response.statusCode === 400))
        expect(refused.json().message).toBe("error.emailexists");
      const { rows } = await db.query<{ count: string }>(
        "select count(*) as count from users where lower(email) = $1",
        [email],
      );
      expect(Number(rows[0]?.count)).toBe(1);
      const registrations = await db.query<{ count: string }>(
        "select count(*) as count from es_events where type in ('StudentRegistered', 'TeacherApplied')",
      );
      expect(Number(registrations.rows[0]?.count)).toBe(1);
    } finally {
      await close();
    }
  });
});
