import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** Sign-ups and sign-ins through the accounts API, for tests that exercise it as a user would. */

export const ADMIN = { email: "admin@englishlessons.test", password: "admin-password" };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}${Date.now().toString(36)}${++counter}@example.com`;

export const studentForm = (overrides: Record<string, unknown> = {}) => ({
  student: true,
  firstName: "Ana",
  lastName: "Souza",
  email: uniqueEmail("aluna"),
  password: "senha-da-ana",
  phone: "(11)98765-4321",
  level: 1,
  objective: "TRAVEL",
  seen: "INSTAGRAM",
  ...overrides,
});

export const teacherForm = (overrides: Record<string, unknown> = {}) => ({
  student: false,
  firstName: "Paulo",
  email: uniqueEmail("professor"),
  password: "senha-do-paulo",
  phone: "(21)99999-0000",
  experience: "Cinco anos de aulas de inglês",
  ...overrides,
});

export const authenticate = (
  app: FastifyInstance,
  username: string,
  password: string,
  options: { rememberMe?: boolean; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/authenticate",
    payload: { username, password, rememberMe: options.rememberMe ?? false },
    remoteAddress: options.ip,
  });

export const tokenOf = async (app: FastifyInstance, username: string, password: string) => {
  const response = await authenticate(app, username, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id_token: string }>().id_token;
};

export const adminToken = (app: FastifyInstance) => tokenOf(app, ADMIN.email, ADMIN.password);

/** Registers a student through the public form and signs them in. */
export const signedUpStudent = async (app: FastifyInstance, overrides: Record<string, unknown> = {}) => {
  const form = studentForm(overrides);
  const response = await app.inject({ method: "POST", url: "/api/register", payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const token = await tokenOf(app, form.email as string, form.password as string);
  const account = await app.inject({ method: "GET", url: "/api/account", headers: bearer(token) });
  return {
    ...form,
    email: form.email as string,
    password: form.password as string,
    token,
    id: account.json().id as number,
  };
};

/** A teacher who applied and whom the first administrator accepted, signed in. */
export const acceptedTeacher = async (app: FastifyInstance, overrides: Record<string, unknown> = {}) => {
  const form = teacherForm(overrides);
  expect((await app.inject({ method: "POST", url: "/api/register", payload: form })).statusCode).toBe(201);
  const admin = await adminToken(app);
  const user = await app.inject({ method: "GET", url: `/api/users/${form.email}`, headers: bearer(admin) });
  const accepted = await app.inject({
    method: "PUT",
    url: "/api/users",
    headers: bearer(admin),
    payload: { id: user.json().id, activated: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const token = await tokenOf(app, form.email as string, form.password as string);
  return {
    ...form,
    email: form.email as string,
    password: form.password as string,
    token,
    id: user.json().id as number,
  };
};

export const storedEventCount = async (app: FastifyInstance) => {
  const { rows } = await app.db.query<{ count: string }>("select count(*) as count from es_events");
  return Number(rows[0]?.count);
};

/** The stored events of a type, their personal fields opened as any reader of the store gets them. */
export const eventsOfType = async (app: FastifyInstance, type: string) => {
  const { rows } = await app.db.query<{ type: string; stream_id: string; data: Record<string, unknown> }>(
    "select type, stream_id, data from es_events where type = $1 order by global_position",
    [type],
  );
  const { personalData } = app.eventStore;
  await personalData.prepare(rows);
  return rows.map((row) => ({
    stream_id: row.stream_id,
    data: personalData.open(row.type, row.stream_id, row.data) as Record<string, unknown>,
  }));
};
