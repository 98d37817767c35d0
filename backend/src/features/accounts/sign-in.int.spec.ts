import { studentStreams } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  adminToken,
  authenticate,
  bearer,
  eventsOfType,
  signedUpStudent,
} from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";

const expiryInDays = (token: string) => {
  const claims = JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString());
  return (claims.exp - claims.iat) / 86_400;
};

describe("sign-in", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("answers a token in the body and the Authorization header, valid a day or, remembered, thirty", async () => {
    const student = await signedUpStudent(test.app);
    const response = await authenticate(test.app, student.email, student.password);
    expect(response.statusCode).toBe(200);
    const token = response.json().id_token;
    expect(response.headers.authorization).toBe(`Bearer ${token}`);
    expect(expiryInDays(token)).toBe(1);
    const remembered = await authenticate(test.app, student.email, student.password, { rememberMe: true });
    expect(expiryInDays(remembered.json().id_token)).toBe(30);
  });

  it("refuses a wrong password and an unknown login alike, and records each failure", async () => {
    const student = await signedUpStudent(test.app);
    const wrong = await authenticate(test.app, student.email, "not-the-password", { ip: "10.1.0.1" });
    const unknown = await authenticate(test.app, "nobody@example.com", "whatever", { ip: "10.1.0.1" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("login.messages.error.authentication");
      expect(response.headers.authorization).toBeUndefined();
    }
    const failures = await eventsOfType(test.app, "SignInFailed");
    const today = new Date().toISOString().slice(0, 10);
    expect(failures.map((event) => [event.stream_id, event.data.reason])).toEqual(
      expect.arrayContaining([
        [`student-${student.id}`, "bad_credentials"],
        [`unknown-sign-ins-${today}`, "unknown_account"],
      ]),
    );
    expect(JSON.stringify(failures)).not.toContain("not-the-password");
  });

  it("records mistyped logins in the day's stream, not in a new stream per typed login", async () => {
    const before = await test.db.query<{ streams: string }>(
      "select count(distinct stream_id) as streams from es_events",
    );
    for (const typo of ["ana@exmaple.com", "ana@example.con", "ANA@EXAMPLE.CO"])
      expect((await authenticate(test.app, typo, "whatever", { ip: "10.1.1.1" })).statusCode).toBe(401);
    const after = await test.db.query<{ streams: string }>(
      "select count(distinct stream_id) as streams from es_events",
    );
    expect(Number(after.rows[0]?.streams) - Number(before.rows[0]?.streams)).toBeLessThanOrEqual(1);
    const { rows } = await test.db.query("select 1 from es_events where stream_id like 'sign-in-%'");
    expect(rows).toEqual([]);
    const audits = await test.app.inject({
      method: "GET",
      url: "/management/audits?page=0&size=100&sort=auditEventDate,desc",
      headers: bearer(await adminToken(test.app)),
    });
    const typed = audits
      .json<{ principal: string; data: { remoteAddress: string } }[]>()
      .filter((audit) => audit.data.remoteAddress === "10.1.1.1")
      .map((audit) => audit.principal);
    // Each login by its keyed digest (unknown-sign-ins.int.spec.ts), never as typed.
    expect(new Set(typed).size).toBe(3);
    for (const principal of typed) expect(principal).toMatch(/^hmac:[0-9a-f]{64}$/);
  });

  it("lists successes and failures in the administrator's audits", async () => {
    const student = await signedUpStudent(test.app);
    await authenticate(test.app, student.email, "wrong-one", { ip: "10.2.0.1" });
    const admin = await adminToken(test.app);
    const audits = await test.app.inject({
      method: "GET",
      url: "/management/audits?page=0&size=100&sort=auditEventDate,desc",
      headers: bearer(admin),
    });
    expect(audits.statusCode).toBe(200);
    const mine = audits.json().filter((audit: { principal: string }) => audit.principal === student.email);
    expect(mine.map((audit: { type: string }) => audit.type)).toEqual([
      "AUTHENTICATION_FAILURE",
      "AUTHENTICATION_SUCCESS",
    ]);
    expect(mine[0].data).toEqual({ remoteAddress: "10.2.0.1", message: "bad_credentials" });
    expect(Number(audits.headers["x-total-count"])).toBeGreaterThanOrEqual(mine.length);
  });

  it("filters the audits by whole São Paulo days, toDate included, with the total of the filtered rows", async () => {
    const student = await signedUpStudent(test.app);
    const signIn = (at: string) => ({ type: "SignedIn", data: { login: student.email, ip: "10.5.0.1", at } });
    const failure = (at: string) => ({
      type: "SignInFailed",
      data: { login: student.email, ip: "10.5.0.2", at, reason: "bad_credentials" },
    });
    // In March 2025, long before anything else this file signs in, so the totals are exactly these rows.
    const lateOnThe9th = signIn("2025-03-10T02:59:00.000Z"); // 23:59 on the 9th in São Paulo
    const startOfThe10th = signIn("2025-03-10T03:00:00.000Z"); // 00:00 on the 10th
    const onThe11th = failure("2025-03-11T15:00:00.000Z");
    const lateOnThe12th = failure("2025-03-13T02:30:00.000Z"); // 23:30 on the 12th
    const startOfThe13th = signIn("2025-03-13T03:00:00.000Z"); // 00:00 on the 13th
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: studentStreams.id(student.id),
        events: [lateOnThe9th, startOfThe10th, onThe11th, lateOnThe12th, startOfThe13th],
        expectedVersion: "any",
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);
    const admin = await adminToken(test.app);
    const audits = async (query: string) => {
      const response = await test.app.inject({
        method: "GET",
        url: `/management/audits?${query}`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { principal: string; timestamp: string; type: string }[];
      return { total: response.headers["x-total-count"], rows };
    };
    const row = (event: ReturnType<typeof signIn | typeof failure>) => ({
      principal: student.email,
      timestamp: event.data.at,
      type: event.type === "SignedIn" ? "AUTHENTICATION_SUCCESS" : "AUTHENTICATION_FAILURE",
    });

    const range = await audits("fromDate=2025-03-10&toDate=2025-03-12&page=0&size=20");
    expect(range.total).toBe("3");
    expect(range.rows).toMatchObject([row(lateOnThe12th), row(onThe11th), row(startOfThe10th)]);

    const oneDay = await audits("fromDate=2025-03-11&toDate=2025-03-11");
    expect(oneDay).toMatchObject({ total: "1", rows: [row(onThe11th)] });

    const upToThe10th = await audits("toDate=2025-03-10&sort=auditEventDate,asc");
    expect(upToThe10th).toMatchObject({ total: "2", rows: [row(lateOnThe9th), row(startOfThe10th)] });

    // The total counts the whole filtered list, not the page, so the screen can draw its page buttons.
    const firstPage = await audits("fromDate=2025-03-10&toDate=2025-03-12&page=0&size=2");
    expect(firstPage).toMatchObject({ total: "3", rows: [row(lateOnThe12th), row(onThe11th)] });
    expect(firstPage.rows).toHaveLength(2);

    // Open-ended, so today's sign-ins (this student's own at sign-up among them) come along too.
    const fromThe13th = await audits("fromDate=2025-03-13&size=100");
    const mine = fromThe13th.rows.filter((audit) => audit.principal === student.email).map((audit) => audit.timestamp);
    expect(mine).toContain(startOfThe13th.data.at);
    expect(mine).not.toContain(lateOnThe12th.data.at);
  });

  it("slows down a stranger's guesses from their address, never the owner's sign-in from theirs", async () => {
    // On a clock of its own, which the spec moves past the delay: on a busy machine a real second could pass
    // between two of its requests, and the delay with it.
    const clock = movableClock();
    const own = await createTestApp({ overrides: { clock } });
    try {
      const student = await signedUpStudent(own.app);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const failed = await authenticate(own.app, student.email, `guess-${attempt}`, { ip: "10.3.0.1" });
        expect(failed.statusCode).toBe(401);
      }
      const limited = await authenticate(own.app, student.email, student.password, { ip: "10.3.0.1" });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe("login.messages.error.tooManyAttempts");
      expect(limited.headers["retry-after"]).toBe("1");
      // The owner, elsewhere, is not kept out by the stranger's guesses.
      expect((await authenticate(own.app, student.email, student.password, { ip: "10.3.0.9" })).statusCode).toBe(200);
      const reasons = (await eventsOfType(own.app, "SignInFailed"))
        .filter((event) => event.stream_id === `student-${student.id}`)
        .map((event) => event.data.reason);
      expect(reasons).toEqual([...Array(5).fill("bad_credentials"), "rate_limited"]);

      // A delay, not a lock: once it has passed the pair may try again, and the next failure doubles it.
      clock.moveBy(1_100);
      const sixth = await authenticate(own.app, student.email, "guess-6", { ip: "10.3.0.1" });
      expect(sixth.statusCode).toBe(401);
      const again = await authenticate(own.app, student.email, student.password, { ip: "10.3.0.1" });
      expect(again.statusCode).toBe(429);
      expect(again.headers["retry-after"]).toBe("2");
    } finally {
      await own.close();
    }
  });

  it("slows down an address past twenty failures on any logins; other addresses go on", async () => {
    const student = await signedUpStudent(test.app);
    for (let attempt = 1; attempt <= 20; attempt++)
      expect(
        (await authenticate(test.app, `ghost${attempt}@example.com`, "guess", { ip: "10.4.0.1" })).statusCode,
      ).toBe(401);
    const limited = await authenticate(test.app, student.email, student.password, { ip: "10.4.0.1" });
    expect(limited.statusCode).toBe(429);
    const unknown = await authenticate(test.app, "ghost99@example.com", "guess", { ip: "10.4.0.1" });
    expect(unknown.statusCode).toBe(429);
    const elsewhere = await authenticate(test.app, student.email, student.password, { ip: "10.4.0.2" });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("counts the connection's address, not an X-Forwarded-For header the client wrote", async () => {
    const student = await signedUpStudent(test.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/authenticate",
        payload: { username: student.email, password: `guess-${attempt}` },
        remoteAddress: "10.6.0.1",
        headers: { "x-forwarded-for": `198.51.100.${attempt}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const sixth = await test.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: student.email, password: student.password },
      remoteAddress: "10.6.0.1",
      headers: { "x-forwarded-for": "198.51.100.77" },
    });
    expect(sixth.statusCode).toBe(429);
  });

  it("takes the client's address from the proxy named by TRUST_PROXY", async () => {
    for (const [trustProxy, expected] of [
      ["1", "198.51.100.8"],
      ["10.9.0.0/16", "198.51.100.8"],
      ["10.8.0.1", "10.9.0.1"],
    ] as const) {
      const behind = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
      try {
        const response = await behind.app.inject({
          method: "POST",
          url: "/api/authenticate",
          payload: { username: "nobody@example.com", password: "guess" },
          remoteAddress: "10.9.0.1",
          headers: { "x-forwarded-for": "198.51.100.8" },
        });
        expect(response.statusCode).toBe(401);
        // The stored event seals the address; the audits, which the limits count, hold it (the answer waits for them).
        const { rows } = await behind.db.query<{ ip: string }>(
          "select remote_address as ip from audits where type = 'AUTHENTICATION_FAILURE'",
        );
        expect(
          rows.map((row) => row.ip),
          `TRUST_PROXY=${trustProxy}`,
        ).toEqual([expected]);
      } finally {
        await behind.close();
      }
    }
  });

  it("refuses a suspended user's token at once, and still once reactivated: they sign in again", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const admin = await adminToken(app);
    const suspend = (activated: boolean) =>
      app.inject({ method: "PUT", url: "/api/users", headers: bearer(admin), payload: { id: student.id, activated } });

    expect((await suspend(false)).statusCode).toBe(200);
    const refused = await app.inject({ method: "GET", url: "/api/account", headers: bearer(student.token) });
    expect(refused.statusCode).toBe(401);
    expect((await app.verifyToken(student.token)) ?? "refused").toBe("refused");
    const signIn = await authenticate(app, student.email, student.password);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe("login.messages.error.deactivated");
    expect((await authenticate(app, student.email, "not-the-password")).json().message).toBe(
      "login.messages.error.authentication",
    );

    expect((await suspend(true)).statusCode).toBe(200);
    const old = await app.inject({ method: "GET", url: "/api/account", headers: bearer(student.token) });
    expect(old.statusCode).toBe(401);
    const token = (await authenticate(app, student.email, student.password)).json().id_token;
    expect((await app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).statusCode).toBe(200);
  });

  it("refuses tokens that are forged or signed by another key", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const [header, , signature] = student.token.split(".");
    const claims = Buffer.from(JSON.stringify({ sub: ADMIN.email, uid: 1000, auth: "ROLE_ADMIN" })).toString(
      "base64url",
    );
    for (const token of [`${header}.${claims}.${signature}`, "not-a-token"]) {
      const response = await app.inject({ method: "GET", url: "/api/users/admin", headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
    const other = await createTestApp({ env: { JWT_SECRET: "another-secret-another-secret-another" } });
    try {
      const foreign = await other.app.inject({ method: "GET", url: "/api/account", headers: bearer(student.token) });
      expect(foreign.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("gives verifyToken the user behind a valid token, for the socket handshake", async () => {
    const student = await signedUpStudent(test.app);
    expect(await test.app.verifyToken(student.token)).toEqual({
      id: student.id,
      login: student.email,
      firstName: "Ana",
      authorities: ["ROLE_USER", "ROLE_STUDENT"],
    });
  });
});
