import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, authenticate, bearer, signedUpStudent, tokenOf } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabaseUrl } from "../../test/databases";
import { digestOf } from "../features/accounts/passwords";

/**
 * The guard keeps who a token's user is in memory between requests: these prove it still applies every
 * change of access to the very next request, with the user's earlier requests answered from memory.
 */
const usersList = (app: FastifyInstance, token: string) =>
  app.inject({ method: "GET", url: "/api/users/authorities", headers: bearer(token) });
const ownAccount = (app: FastifyInstance, token: string) =>
  app.inject({ method: "GET", url: "/api/account", headers: bearer(token) });
const update = (app: FastifyInstance, admin: string, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: "/api/users", headers: bearer(admin), payload });

describe("access changes on one instance", () => {
  let test: TestApp;
  let admin: string;
  beforeAll(async () => {
    test = await createTestApp();
    admin = await adminToken(test.app);
  });
  afterAll(() => test.close());

  it("applies a granted and a revoked authority to the next request", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    expect((await usersList(app, student.token)).statusCode).toBe(403);

    const granted = await update(app, admin, {
      id: student.id,
      authorities: ["ROLE_USER", "ROLE_STUDENT", "ROLE_ADMIN"],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await usersList(app, student.token)).statusCode).toBe(200);
    expect((await usersList(app, student.token)).statusCode).toBe(200);

    expect((await update(app, admin, { id: student.id, authorities: ["ROLE_USER", "ROLE_STUDENT"] })).statusCode).toBe(
      200,
    );
    expect((await usersList(app, student.token)).statusCode).toBe(403);
    expect((await ownAccount(app, student.token)).statusCode).toBe(200);
  });

  it("refuses a deactivated user's token at the next request, even once reactivated, and a deleted user's", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    expect((await ownAccount(app, student.token)).statusCode).toBe(200);
    expect((await update(app, admin, { id: student.id, activated: false })).statusCode).toBe(200);
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect((await update(app, admin, { id: student.id, activated: true })).statusCode).toBe(200);
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect((await ownAccount(app, await tokenOf(app, student.email, student.password))).statusCode).toBe(200);

    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/users/${student.email}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect(await app.verifyToken(student.token)).toBeNull();
  });

  it("ends every session on a password change, but the one that changed it goes on with the token answered", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const phone = await tokenOf(app, student.email, student.password);
    const changed = await app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: bearer(student.token),
      payload: { currentPassword: student.password, newPassword: "uma-senha-nova" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().id_token as string;
    expect(changed.headers.authorization).toBe(`Bearer ${fresh}`);
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect((await ownAccount(app, phone)).statusCode).toBe(401);
    expect((await ownAccount(app, fresh)).statusCode).toBe(200);
  });

  it("ends every session on a password reset", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const appended = await app.eventStore.append(
      `student-${student.id}`,
      [
        {
          type: "PasswordResetRequested",
          data: { keyDigest: digestOf("chave-do-teste"), expiresAt: new Date(Date.now() + 60_000).toISOString() },
        },
      ],
      { expectedVersion: "any" },
    );
    await app.projections.waitFor(appended.lastPosition);
    expect((await ownAccount(app, student.token)).statusCode).toBe(200);
    const finished = await app.inject({
      method: "POST",
      url: "/api/account/reset-password/finish",
      payload: { key: "chave-do-teste", newPassword: "redefinida" },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect((await authenticate(app, student.email, "redefinida")).statusCode).toBe(200);
  });

  it("lets a signed-in user end their other sessions, keeping this one with a fresh token", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    const remembered = (await authenticate(app, student.email, student.password, { rememberMe: true })).json()
      .id_token as string;
    const revoke = (token: string) =>
      app.inject({ method: "POST", url: "/api/account/sessions/revoke-others", headers: bearer(token) });
    const revoked = await revoke(remembered);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.headers["x-app-alert"]).toBe("sessions.messages.revoked");
    const fresh = revoked.json().id_token as string;
    expect((await ownAccount(app, student.token)).statusCode).toBe(401);
    expect((await ownAccount(app, remembered)).statusCode).toBe(401);
    expect((await ownAccount(app, fresh)).statusCode).toBe(200);
    // The session goes on as long as it would have: it was a remembered one.
    const claims = JSON.parse(Buffer.from(fresh.split(".")[1] as string, "base64url").toString());
    expect((claims.exp - claims.iat) / 86_400).toBe(30);
    expect((await revoke(student.token)).statusCode).toBe(401);
  });

  it("answers from memory: a user's requests read their account once, not once each", async () => {
    const { app } = test;
    const student = await signedUpStudent(app);
    expect((await ownAccount(app, student.token)).statusCode).toBe(200);
    const readStreams = app.eventStore.readStreams;
    let reads = 0;
    app.eventStore.readStreams = (...args) => {
      reads++;
      return readStreams(...args);
    };
    try {
      for (let request = 0; request < 5; request++) expect(await app.verifyToken(student.token)).not.toBeNull();
    } finally {
      app.eventStore.readStreams = readStreams;
    }
    expect(reads).toBe(0);
  });
});

describe("access changes across two instances on one PostgreSQL", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    first = await createTestApp({ databaseUrl });
    second = await createTestApp({ databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("applies an authority revoked on one instance to the other's requests as soon as it hears of it", async () => {
    const admin = await adminToken(first.app);
    const student = await signedUpStudent(first.app);
    const granted = await update(first.app, admin, {
      id: student.id,
      authorities: ["ROLE_USER", "ROLE_STUDENT", "ROLE_ADMIN"],
    });
    expect(granted.statusCode).toBe(200);
    await expect.poll(async () => (await usersList(second.app, student.token)).statusCode, POLL).toBe(200);

    expect((await update(first.app, admin, { id: student.id, authorities: ["ROLE_USER"] })).statusCode).toBe(200);
    // The other instance hears of the append by NOTIFY a few milliseconds after it commits, and re-checks
    // every second should a wake-up be lost.
    await expect.poll(async () => (await usersList(second.app, student.token)).statusCode, POLL).toBe(403);

    expect((await update(first.app, admin, { id: student.id, activated: false })).statusCode).toBe(200);
    await expect.poll(async () => (await ownAccount(second.app, student.token)).statusCode, POLL).toBe(401);
  });

  it("refuses on the other instance the tokens a password change on one revoked", async () => {
    const student = await signedUpStudent(first.app);
    const other = await tokenOf(second.app, student.email, student.password);
    expect((await ownAccount(second.app, other)).statusCode).toBe(200);
    const changed = await first.app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: bearer(student.token),
      payload: { currentPassword: student.password, newPassword: "trocada-agora" },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await ownAccount(second.app, other)).statusCode, POLL).toBe(401);
    expect((await ownAccount(second.app, changed.json().id_token)).statusCode).toBe(200);
  });
});

const POLL = { timeout: 1_500, interval: 5 };
