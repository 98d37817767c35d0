import { studentStreams } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  acceptedTeacher,
  adminToken,
  bearer,
  signedUpStudent,
  studentForm,
  teacherForm,
  uniqueEmail,
} from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { digestOf } from "./passwords";

type Role = "anonymous" | "student" | "teacher" | "admin";
type Expected = Record<Role, number>;

const publicRoute = (status: number): Expected => ({
  anonymous: status,
  student: status,
  teacher: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({ anonymous: 401, student: status, teacher: status, admin: status });
const adminOnly = (status: number): Expected => ({ anonymous: 401, student: 403, teacher: 403, admin: status });

interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** `{lookup}` and `{delete}` stand for the e-mails of accounts made for the test. */
  url: string;
  payload?: (role: Role) => unknown;
  contentType?: string;
  expected: Expected;
}

/**
 * Every route of the accounts slice, tried as each kind of visitor with a valid request: the server, not
 * the screens, decides who may do what.
 */
describe("who may call each accounts route", () => {
  let test: TestApp;
  const roles: Role[] = ["anonymous", "student", "teacher", "admin"];
  const resetKey = (role: Role) => `reset-key-of-the-${role}-visitor`;
  const tokens: Partial<Record<Role, string>> = {};
  const passwords: Partial<Record<Role, string>> = {};
  const targets: Record<string, { id: number; email: string }> = {};

  beforeAll(async () => {
    test = await createTestApp();
    const student = await signedUpStudent(test.app);
    const teacher = await acceptedTeacher(test.app);
    Object.assign(tokens, { student: student.token, teacher: teacher.token, admin: await adminToken(test.app) });
    Object.assign(passwords, { student: student.password, teacher: teacher.password, admin: ADMIN.password });
    // Accounts the administrator's successful calls change or delete, one per call.
    targets.update = await signedUpStudent(test.app);
    targets.delete = await signedUpStudent(test.app);
    targets.lookup = await signedUpStudent(test.app);
    // A reset key per visitor, as if each had followed a link from the mail: keys are single-use.
    for (const role of roles) {
      const owner = await signedUpStudent(test.app);
      const appended = await test.app.eventStore.appendMany([
        {
          streamId: studentStreams.id(owner.id),
          events: [
            {
              type: "PasswordResetRequested",
              data: { keyDigest: digestOf(resetKey(role)), expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
            },
          ],
          expectedVersion: "any",
        },
      ]);
      await test.app.projections.waitFor(appended.lastPosition);
    }
  });
  afterAll(() => test.close());

  const routes: Route[] = [
    { method: "POST", url: "/api/register", payload: () => studentForm(), expected: publicRoute(201) },
    { method: "POST", url: "/api/register", payload: () => teacherForm(), expected: publicRoute(201) },
    { method: "GET", url: "/api/account/hasUser?email=someone@example.com", expected: publicRoute(200) },
    {
      method: "POST",
      url: "/api/authenticate",
      payload: () => ({ username: ADMIN.email, password: ADMIN.password }),
      expected: publicRoute(200),
    },
    {
      method: "POST",
      url: "/api/account/reset-password/init",
      // One address per visitor: reset e-mails are limited per address.
      payload: (role) => `someone-${role}@example.com`,
      contentType: "text/plain",
      expected: publicRoute(200),
    },
    {
      method: "POST",
      url: "/api/account/reset-password/finish",
      payload: (role) => ({ key: resetKey(role), newPassword: "senha-redefinida" }),
      expected: publicRoute(200),
    },
    { method: "GET", url: "/api/account", expected: signedIn(200) },
    {
      method: "POST",
      url: "/api/account",
      payload: (role) => ({ firstName: `Nome ${role}`, lastName: "Teste", email: uniqueEmail(role), langKey: "pt-br" }),
      expected: signedIn(200),
    },
    {
      method: "POST",
      url: "/api/account/change-password",
      payload: (role) => ({ currentPassword: passwords[role] ?? "x", newPassword: passwords[role] ?? "xxxx" }),
      expected: signedIn(200),
    },
    { method: "POST", url: "/api/account/sessions/revoke-others", expected: signedIn(200) },
    { method: "GET", url: "/api/users/admin", expected: adminOnly(200) },
    { method: "GET", url: "/api/users/teacher?page=0&size=10&sort=login,asc", expected: adminOnly(200) },
    { method: "GET", url: "/api/users/student?balance=false&page=0&size=10", expected: adminOnly(200) },
    { method: "GET", url: "/api/users/authorities", expected: adminOnly(200) },
    { method: "GET", url: "/api/users/{lookup}", expected: adminOnly(200) },
    {
      method: "POST",
      url: "/api/users",
      payload: (role) => ({ login: `novo-${role}`, email: uniqueEmail(role), password: "senha-nova" }),
      expected: adminOnly(201),
    },
    {
      method: "PUT",
      url: "/api/users",
      payload: () => ({ id: targets.update?.id, firstName: "Alterada" }),
      expected: adminOnly(200),
    },
    { method: "DELETE", url: "/api/users/{delete}", expected: adminOnly(204) },
    { method: "POST", url: "/api/registerByAdmin", payload: () => teacherForm(), expected: adminOnly(201) },
    { method: "GET", url: "/management/audits?fromDate=2020-01-01&toDate=2099-12-31", expected: adminOnly(200) },
    { method: "GET", url: "/management/info", expected: adminOnly(200) },
    // Open to all, as in JHipster: load balancers and the browser-test harness poll it without signing in.
    { method: "GET", url: "/management/health", expected: publicRoute(200) },
  ];

  const cases = routes.flatMap((route) => roles.map((role) => ({ route, role })));

  it.each(
    cases.map(
      ({ route, role }) => [`${route.method} ${route.url} as ${role} → ${route.expected[role]}`, route, role] as const,
    ),
  )("%s", async (_name, route, role) => {
    const url = route.url.replace(/\{(\w+)\}/, (_, name: string) => targets[name]?.email ?? name);
    const token = tokens[role as Role];
    const payload = route.payload?.(role as Role);
    const response = await test.app.inject({
      method: route.method,
      url,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(route.contentType ? { "content-type": route.contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    expect(response.statusCode, response.body).toBe(route.expected[role as Role]);
    // A password change and "end other sessions" revoke the token they were sent with and answer its successor.
    if (response.statusCode === 200 && /change-password|revoke-others/.test(route.url))
      tokens[role as Role] = response.json<{ id_token: string }>().id_token;
  });
});
