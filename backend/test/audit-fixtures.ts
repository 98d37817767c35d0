import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { adminToken, bearer, tokenOf, uniqueEmail } from "./accounts-fixtures";

/**
 * An auditor as an administrator makes one: a new user (administrators are created with ROLE_ADMIN) whose
 * authorities are then set to ROLE_USER and ROLE_AUDITOR alone, signed in.
 */
export const givenAuditor = async (app: FastifyInstance) => {
  const admin = await adminToken(app);
  const email = uniqueEmail("auditora");
  const password = "senha-da-auditora";
  const created = await app.inject({
    method: "POST",
    url: "/api/users",
    headers: bearer(admin),
    payload: { login: email, email, firstName: "Auditora", password },
  });
  expect(created.statusCode, created.body).toBe(201);
  const granted = await app.inject({
    method: "PUT",
    url: "/api/users",
    headers: bearer(admin),
    payload: { id: created.json().id, authorities: ["ROLE_USER", "ROLE_AUDITOR"] },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  expect(granted.json().authorities.sort()).toEqual(["ROLE_AUDITOR", "ROLE_USER"]);
  const token = await tokenOf(app, email, password);
  return { id: created.json().id as number, login: email, token, auth: bearer(token) };
};
