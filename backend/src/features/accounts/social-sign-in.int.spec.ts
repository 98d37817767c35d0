import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, eventsOfType, signedUpStudent, uniqueEmail } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../../test/fake-identity-provider";
import { STARTS_PER_ADDRESS } from "./social-sign-in-routes";

type Provider = "google" | "facebook";

describe("sign-in with Google and Facebook", () => {
  let test: TestApp;
  let idp: MockIdentityProvider;
  let people = 0;
  const newPerson = (overrides: Record<string, unknown> = {}) => ({
    subject: `person-${++people}`,
    email: uniqueEmail("social"),
    firstName: "Beatriz",
    lastName: "Lima",
    picture: "https://photos.example.com/beatriz.jpg",
    ...overrides,
  });

  beforeAll(async () => {
    idp = await startMockIdentityProvider();
    test = await createTestApp({ env: idp.env });
  });
  afterAll(async () => {
    await test?.close();
    await idp?.stop();
  });

  /** The browser's trip: our start route, the provider's page, and back to our return page with a code. */
  const goToProvider = async (provider: Provider) => {
    const start = await test.app.inject({ method: "GET", url: `/api/${provider}/authorize` });
    expect(start.statusCode, start.body).toBe(302);
    const setCookie = String(start.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(";")[0] as string;
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") as string);
    expect(back.pathname).toBe(`/${provider}`);
    return { code: back.searchParams.get("code") as string, state: back.searchParams.get("state") as string, cookie };
  };
  const returnFrom = (provider: Provider, trip: { code: string; state: string; cookie?: string }) =>
    test.app.inject({
      method: "GET",
      url: `/api/${provider}/code?code=${encodeURIComponent(trip.code)}&state=${encodeURIComponent(trip.state)}`,
      headers: trip.cookie ? { cookie: trip.cookie } : {},
    });
  const signInWith = async (provider: Provider) => returnFrom(provider, await goToProvider(provider));
  const finishSignUp = (ticket: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/register/social",
      payload: {
        ticket,
        firstName: "Beatriz",
        lastName: "Lima",
        phone: "(11)91234-5678",
        level: 1,
        objective: "TRAVEL",
        seen: "FACEBOOK",
      },
    });
  const accountOf = async (token: string) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).json();

  it("tells the web which providers are on", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/social/providers" });
    expect(response.json()).toEqual({ providers: ["google", "facebook"] });
  });

  it.each(["google", "facebook"] as const)(
    "%s: a new person finishes the sign-up with name, e-mail and photo, is signed in, and is signed in when back",
    async (provider) => {
      const person = newPerson();
      idp.signInAs(person);
      const first = await signInWith(provider);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        outcome: "registration",
        email: person.email,
        firstName: "Beatriz",
        lastName: "Lima",
        imageUrl: person.picture,
      });

      const registered = await finishSignUp(first.json().ticket);
      expect(registered.statusCode, registered.body).toBe(201);
      expect(await accountOf(registered.json().id_token)).toMatchObject({
        login: person.email,
        email: person.email,
        imageUrl: person.picture,
        authorities: ["ROLE_USER", "ROLE_STUDENT"],
      });
      const [linked] = (await eventsOfType(test.app, "SocialAccountLinked")).filter(
        (event) => event.data.subject === person.subject,
      );
      expect(linked?.data).toMatchObject({ provider, subject: person.subject });

      idp.signInAs(person);
      const again = await signInWith(provider);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().outcome).toBe("signedIn");
      expect(again.headers.authorization).toBe(`Bearer ${again.json().id_token}`);
      expect((await accountOf(again.json().id_token)).email).toBe(person.email);
    },
  );

  it("links an e-mail registered with a password only after that password: a wrong one is refused", async () => {
    const student = await signedUpStudent(test.app);
    const person = newPerson({ email: student.email });
    idp.signInAs(person);
    const back = await signInWith("google");
    expect(back.json()).toEqual({ outcome: "passwordRequired", ticket: expect.any(String), email: student.email });
    const ticket = back.json().ticket;

    // Nor does finishing a sign-up with the ticket take over the account.
    expect((await finishSignUp(ticket)).statusCode).toBe(400);
    const wrong = await test.app.inject({
      method: "POST",
      url: "/api/google/link",
      payload: { ticket, password: "not-hers" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers["x-app-error"]).toBe("login.messages.error.authentication");
    idp.signInAs(person);
    expect((await signInWith("google")).json().outcome).toBe("passwordRequired");

    const right = await test.app.inject({
      method: "POST",
      url: "/api/google/link",
      payload: { ticket, password: student.password },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect((await accountOf(right.json().id_token)).id).toBe(student.id);
    idp.signInAs(person);
    const linked = await signInWith("google");
    expect(linked.json().outcome).toBe("signedIn");
    expect((await accountOf(linked.json().id_token)).id).toBe(student.id);
  });

  it("refuses a forged state, a state played again, and a state from another browser, signing nobody in", async () => {
    idp.signInAs(newPerson());
    const trip = await goToProvider("google");
    const forged = await returnFrom("google", { ...trip, state: "forged-state" });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers["x-app-error"]).toBe("social.messages.error.state");
    const elsewhere = await returnFrom("google", { code: trip.code, state: trip.state });
    expect(elsewhere.statusCode).toBe(400);

    const other = await goToProvider("google");
    expect((await returnFrom("google", other)).statusCode).toBe(200);
    const replayed = await returnFrom("google", other);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.headers.authorization).toBeUndefined();
  });

  it("lets one of two returns racing with the same state through", async () => {
    idp.signInAs(newPerson());
    const trip = await goToProvider("google");
    const answers = await Promise.all([returnFrom("google", trip), returnFrom("google", trip)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("makes one account of two sign-ups finished at once with the same ticket (two tabs)", async () => {
    const person = newPerson();
    idp.signInAs(person);
    const { ticket } = (await signInWith("google")).json();
    const answers = await Promise.all([finishSignUp(ticket), finishSignUp(ticket)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const registered = (await eventsOfType(test.app, "StudentRegistered")).filter(
      (event) => event.data.email === person.email,
    );
    expect(registered).toHaveLength(1);
  });

  it("refuses a Google ID token of another sign-in (nonce) or for another client", async () => {
    idp.signInAs(newPerson());
    idp.tamper((claims) => {
      claims.nonce = "someone-elses";
    });
    const replayedToken = await signInWith("google");
    expect(replayedToken.statusCode).toBe(400);
    expect(replayedToken.headers["x-app-error"]).toBe("social.messages.error.provider");

    idp.signInAs(newPerson());
    idp.tamper((claims) => {
      claims.aud = "another-client";
    });
    expect((await signInWith("google")).statusCode).toBe(400);
  });

  it("asks for a verified e-mail: an unverified Google address proves nothing", async () => {
    idp.signInAs(newPerson({ emailVerified: false }));
    const back = await signInWith("google");
    expect(back.statusCode).toBe(400);
    expect(back.headers["x-app-error"]).toBe("social.messages.error.noEmail");
  });

  it("lets one address start only so many sign-ins at a time", async () => {
    const start = () => test.app.inject({ method: "GET", url: "/api/google/authorize", remoteAddress: "10.9.9.9" });
    for (let i = 0; i < STARTS_PER_ADDRESS.max; i++) expect((await start()).statusCode).toBe(302);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("lets a person from Google apply as a teacher: the application waits in the review queue, and Google signs them in once approved", async () => {
    const person = newPerson({ firstName: "Paula", lastName: "Reis" });
    idp.signInAs(person);
    const back = await signInWith("google");
    expect(back.json().outcome).toBe("registration");
    const applied = await test.app.inject({
      method: "POST",
      url: "/api/register/social/teacher",
      payload: {
        ticket: back.json().ticket,
        firstName: "Paula",
        lastName: "Reis",
        phone: "(11)91234-5678",
        experience: "Oito anos ensinando inglês para negócios",
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toEqual({ login: person.email, activated: false });
    expect(applied.headers.authorization).toBeUndefined();

    const admin = bearer(await adminToken(test.app));
    const queue = (await test.app.inject({ method: "GET", url: "/api/teacher-applications", headers: admin })).json<
      { id: number; email: string; experience: string | null }[]
    >();
    const application = queue.find((one) => one.email === person.email);
    expect(application).toMatchObject({ experience: "Oito anos ensinando inglês para negócios" });

    // Back at Google before the review: told it is under review, not signed in.
    idp.signInAs(person);
    const early = await signInWith("google");
    expect(early.statusCode).toBe(401);
    expect(early.headers["x-app-error"]).toBe("login.messages.error.underReview");

    const approved = await test.app.inject({
      method: "POST",
      url: `/api/teacher-applications/${application?.id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(204);
    idp.signInAs(person);
    const later = await signInWith("google");
    expect(later.json().outcome).toBe("signedIn");
    expect(await accountOf(later.json().id_token)).toMatchObject({
      email: person.email,
      imageUrl: person.picture,
      authorities: expect.arrayContaining(["ROLE_TEACHER"]),
    });
  });

  it("refuses a teacher application with an altered ticket or without experience", async () => {
    idp.signInAs(newPerson());
    const { ticket } = (await signInWith("google")).json();
    const apply = (payload: Record<string, unknown>) =>
      test.app.inject({ method: "POST", url: "/api/register/social/teacher", payload });
    const form = { firstName: "Rui", phone: "(11)91234-5678", experience: "Cinco anos" };
    expect((await apply({ ...form, ticket: `${ticket}x` })).headers["x-app-error"]).toBe(
      "social.messages.error.ticket",
    );
    expect((await apply({ ...form, ticket, experience: "" })).statusCode).toBe(400);
  });

  it("refuses an altered ticket", async () => {
    idp.signInAs(newPerson());
    const { ticket } = (await signInWith("facebook")).json();
    const [body, signature] = ticket.split(".");
    const altered = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...altered, email: "victim@example.com" })).toString("base64url")}.${signature}`;
    const response = await finishSignUp(forged);
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-app-error"]).toBe("social.messages.error.ticket");
  });
});

describe("sign-in with a provider that is not configured", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("is not offered, and its start and return routes answer 404", async () => {
    expect((await test.app.inject({ method: "GET", url: "/api/social/providers" })).json()).toEqual({ providers: [] });
    for (const provider of ["google", "facebook"]) {
      expect((await test.app.inject({ method: "GET", url: `/api/${provider}/authorize` })).statusCode).toBe(404);
      expect((await test.app.inject({ method: "GET", url: `/api/${provider}/code?code=a&state=b` })).statusCode).toBe(
        404,
      );
    }
  });
});
