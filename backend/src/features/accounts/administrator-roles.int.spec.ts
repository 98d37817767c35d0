import { ADMINISTRATOR_ROSTER, adminStreams, lastAdministratorError } from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, adminToken, bearer, tokenOf, uniqueEmail } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { accountOf } from "./account-commands";

/**
 * Roles the back office gives, and the active administrator the product always keeps, on real PostgreSQL
 * from two processes on one database, so that two administrators' changes truly overlap at the store.
 */
let first: TestApp;
let second: TestApp;
let rootToken: string;
beforeAll(async () => {
  const databaseUrl = await createTestDatabaseUrl();
  first = await createTestApp({ databaseUrl });
  second = await createTestApp({ databaseUrl });
  rootToken = await adminToken(first.app);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

interface Admin {
  id: number;
  login: string;
  token: string;
}

const newUser = async (app: FastifyInstance, token: string, authorities?: string[]) => {
  const login = uniqueEmail("gestor");
  const created = await app.inject({
    method: "POST",
    url: "/api/users",
    headers: bearer(token),
    payload: { login, email: login, firstName: "Gestor", password: "senha-gestor", authorities },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, login, authorities: created.json().authorities as string[] };
};

const activeAdministrators = async (logins: string[]) => {
  const active = [];
  for (const login of logins) {
    const streamId = adminStreams.id(login);
    const account = accountOf(streamId, await first.app.eventStore.readStream(streamId));
    if (account.activated && !account.deleted && account.authorities.includes("ROLE_ADMIN")) active.push(login);
  }
  return active;
};

describe("roles given in the back office", () => {
  it("creates an auditor, who reads the audit and does not administer", async () => {
    const auditor = await newUser(first.app, rootToken, ["ROLE_AUDITOR"]);
    expect(auditor.authorities.sort()).toEqual(["ROLE_AUDITOR", "ROLE_USER"]);
    const token = await tokenOf(first.app, auditor.login, "senha-gestor");
    const admin = await first.app.inject({ method: "GET", url: "/api/users/authorities", headers: bearer(token) });
    expect(admin.statusCode).toBe(403);
    const audit = await first.app.inject({ method: "GET", url: "/api/audit/verify", headers: bearer(token) });
    expect(audit.statusCode).toBe(200);
  });

  it("creates a user with several roles and changes them, ROLE_USER kept", async () => {
    const user = await newUser(first.app, rootToken, ["ROLE_ADMIN", "ROLE_TEACHER"]);
    expect(user.authorities.sort()).toEqual(["ROLE_ADMIN", "ROLE_TEACHER", "ROLE_USER"]);
    const changed = await first.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: bearer(rootToken),
      payload: { id: user.id, authorities: ["ROLE_USER", "ROLE_AUDITOR", "ROLE_STUDENT"] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().authorities.sort()).toEqual(["ROLE_AUDITOR", "ROLE_STUDENT", "ROLE_USER"]);
  });

  it("refuses with a 400 to erase the last active administrator, who goes on signing in", async () => {
    const erased = await first.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: bearer(rootToken),
      payload: { password: ADMIN.password },
    });
    expect(erased.statusCode, erased.body).toBe(400);
    expect(erased.json().message).toBe(lastAdministratorError);
    expect(await activeAdministrators([ADMIN.email])).toEqual([ADMIN.email]);
    await tokenOf(first.app, ADMIN.email, ADMIN.password);
  });
});

describe("two administrators ending each other's administration at the same moment", () => {
  const change = (app: FastifyInstance, by: Admin, target: Admin, how: "demote" | "deactivate" | "delete") =>
    how === "delete"
      ? app.inject({ method: "DELETE", url: `/api/users/${target.login}`, headers: bearer(by.token) })
      : app.inject({
          method: "PUT",
          url: "/api/users",
          headers: bearer(by.token),
          payload:
            how === "demote" ? { id: target.id, authorities: ["ROLE_USER"] } : { id: target.id, activated: false },
        });

  it("never leaves the product without an active administrator: one wins, the other is told why", async () => {
    const me = await first.app.inject({ method: "GET", url: "/api/account", headers: bearer(rootToken) });
    let sole: Admin = { id: me.json().id, login: ADMIN.email, token: rootToken };
    const everyone = [sole.login];
    const before = (await first.app.eventStore.readStream(ADMINISTRATOR_ROSTER)).length;
    for (const how of ["demote", "demote", "deactivate", "delete", "demote", "deactivate"] as const) {
      const created = await newUser(first.app, sole.token, ["ROLE_ADMIN"]);
      const other: Admin = { ...created, token: await tokenOf(second.app, created.login, "senha-gestor") };
      everyone.push(other.login);
      const [one, two] = await Promise.all([change(first.app, sole, other, how), change(second.app, other, sole, how)]);
      const statuses = [one.statusCode, two.statusCode];
      expect(
        statuses.filter((status) => status < 300),
        `${how}: ${one.body} ${two.body}`,
      ).toHaveLength(1);
      const refused = one.statusCode < 300 ? two : one;
      // The loser either saw the winner's change (400, the rule), had already lost the role when it asked (403), or
      // its session had already ended with that change (401: sessions end when the credentials change).
      expect([400, 401, 403]).toContain(refused.statusCode);
      if (refused.statusCode === 400) expect(refused.json().message).toBe(lastAdministratorError);
      const active = await activeAdministrators(everyone);
      expect(active).toHaveLength(1);
      sole = active[0] === sole.login ? sole : other;
    }
    const roster = (await first.app.eventStore.readStream(ADMINISTRATOR_ROSTER)).slice(before);
    expect(roster.map((event) => event.type)).toEqual(Array(6).fill("AdministratorLeft"));
    expect(roster.every((event) => (event.data as { remaining: number }).remaining === 1)).toBe(true);
  });
});
