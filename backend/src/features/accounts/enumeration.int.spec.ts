import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate, signedUpStudent, studentForm } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import type { Mail } from "../../plugins/mailer";
import { PASSWORD_VERIFIED } from "./passwords";

// Every argon2 verification the server makes is counted: the work that differed between a known and an
// unknown login is compared as work done, not as wall-clock time.
let verifications = 0;
const countVerification = () => {
  verifications++;
};

/**
 * Whether an e-mail has an account must not show in the answers of sign-in and password reset, nor in
 * the work done before them; the sign-up form's check, which must tell, is limited per address.
 */
describe("known and unknown e-mails alike", () => {
  let test: TestApp;
  const mails: Mail[] = [];
  let releaseMail: () => void = () => {};
  let mailGate = Promise.resolve();

  beforeAll(async () => {
    subscribe(PASSWORD_VERIFIED, countVerification);
    test = await createTestApp({
      driver: "pg",
      overrides: {
        mailer: {
          send: async (mail) => {
            mails.push(mail);
            await mailGate;
          },
        },
      },
    });
  });
  afterAll(async () => {
    unsubscribe(PASSWORD_VERIFIED, countVerification);
    releaseMail();
    await test.close();
  });

  const verificationsOf = async (attempt: () => Promise<unknown>) => {
    verifications = 0;
    await attempt();
    return verifications;
  };

  it("verifies one password hash for a wrong password and for an unknown login", async () => {
    const student = await signedUpStudent(test.app);
    const wrong = await verificationsOf(() => authenticate(test.app, student.email, "errada", { ip: "10.30.0.1" }));
    const unknown = await verificationsOf(() =>
      authenticate(test.app, "ninguem-aqui@example.com", "errada", { ip: "10.30.0.2" }),
    );
    expect([wrong, unknown]).toEqual([1, 1]);
  });

  it("refuses a limited attempt without verifying any hash, and with the same answer, known or not", async () => {
    const student = await signedUpStudent(test.app);
    const answers = [];
    for (const [login, ip] of [
      [student.email, "10.31.0.1"],
      ["ninguem-mais@example.com", "10.31.0.2"],
    ] as const) {
      for (let attempt = 1; attempt <= 5; attempt++)
        expect((await authenticate(test.app, login, `palpite-${attempt}`, { ip })).statusCode).toBe(401);
      let limited: Awaited<ReturnType<typeof authenticate>> | undefined;
      const work = await verificationsOf(async () => {
        limited = await authenticate(test.app, login, "mais-um", { ip });
      });
      expect(work, login).toBe(0);
      answers.push([limited?.statusCode, limited?.json(), limited?.headers["retry-after"]]);
    }
    expect(answers[0]).toEqual([429, { status: 429, message: "login.messages.error.tooManyAttempts" }, "1"]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it("answers a reset request before the account is looked up or mailed, and alike for an unknown e-mail", async () => {
    const student = await signedUpStudent(test.app);
    mailGate = new Promise((resolve) => {
      releaseMail = resolve;
    });
    const request = (email: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/account/reset-password/init",
        headers: { "content-type": "text/plain" },
        payload: email,
        remoteAddress: "10.32.0.1",
      });
    const known = await request(student.email);
    const unknown = await request("ninguem-de-novo@example.com");
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-app-alert"]).toBe("reset.request.messages.success");
      expect(response.body).toBe("");
    }
    // The known address's mail is queued after its answer, and is still being sent.
    await expect.poll(() => mails.filter((mail) => mail.to === student.email).length).toBe(1);
    releaseMail();
    expect(mails.filter((mail) => mail.to === "ninguem-de-novo@example.com")).toEqual([]);
  });

  it("limits the sign-up form's e-mail check per address, sign-ups refused as taken included", async () => {
    const student = await signedUpStudent(test.app);
    const check = (ip: string) =>
      test.app.inject({
        method: "GET",
        url: `/api/account/hasUser?email=${encodeURIComponent(student.email)}`,
        remoteAddress: ip,
      });
    const taken = await test.app.inject({
      method: "POST",
      url: "/api/register",
      payload: studentForm({ email: student.email }),
      remoteAddress: "10.33.0.1",
    });
    expect(taken.json().message).toBe("error.emailexists");
    for (let attempt = 2; attempt <= 30; attempt++) expect((await check("10.33.0.1")).json()).toBe(true);
    const limited = await check("10.33.0.1");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const signUp = await test.app.inject({
      method: "POST",
      url: "/api/register",
      payload: studentForm(),
      remoteAddress: "10.33.0.1",
    });
    expect(signUp.statusCode).toBe(429);
    expect((await check("10.33.0.2")).json()).toBe(true);
  });
});
