import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminToken,
  bearer,
  signedUpStudent,
  storedEventCount,
  studentForm,
  teacherForm,
  uniqueEmail,
} from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

const MISSING = Symbol("missing");
type Bad = unknown;

// Values that break a field's rule; each list only holds what that rule refuses.
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.constant({}));
const tooLong = (max: number) =>
  fc.string({ minLength: max + 1, maxLength: max + 40 }).filter((s) => s.trim().length > max);
const blank = fc.constantFrom("", "   ");
const required = (...others: fc.Arbitrary<Bad>[]) =>
  fc.oneof(fc.constant(MISSING), fc.constant(null), notAString, ...others);
const badName = required(blank, tooLong(50));
const badEmail = required(
  fc.string({ maxLength: 4 }),
  fc.string({ minLength: 5, maxLength: 40 }).filter((s) => !s.includes("@")),
  fc.constantFrom("ana@", "@example.com", "ana example@x.com"),
  tooLong(254).map((s) => `${s}@example.com`),
);
const badPassword = required(fc.string({ maxLength: 3 }), fc.string({ minLength: 51, maxLength: 80 }));
const badNumber = fc.oneof(
  fc.constant(MISSING),
  fc.constant(null),
  fc.string(),
  fc.double({ noInteger: true }),
  fc.integer({ max: 0 }),
);
const badEnum = required(fc.string().filter((s) => !/^[A-Z_]+$/.test(s)));
const badBoolean = fc.oneof(fc.string(), fc.integer(), fc.constant({}));

/** A valid body with one field broken (or removed). */
const oneFieldBroken = (valid: () => Record<string, unknown>, rules: Record<string, fc.Arbitrary<Bad>>) =>
  fc.oneof(
    ...Object.entries(rules).map(([field, bad]) =>
      bad.map((value) => {
        const body = valid();
        if (value === MISSING) delete body[field];
        else body[field] = value;
        return { broken: field, body: body as unknown };
      }),
    ),
  );

/** Bodies that are not even objects. */
const notAnObject = fc
  .oneof(fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 3 }), fc.constant(null))
  .map((body) => ({ broken: "body", body: body as unknown }));

interface BadRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  as?: "student" | "admin";
  bodies?: fc.Arbitrary<{ broken: string; body: unknown }>;
  queries?: fc.Arbitrary<string>;
  /** Whole paths, for routes whose bad input is a path parameter. */
  paths?: fc.Arbitrary<string>;
}

// Logins as the screens would send them, only longer than the 254 characters an e-mail may have.
const loginCharacter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789.-_");
const tooLongLogin = fc.oneof(
  fc.string({ unit: loginCharacter, minLength: 255, maxLength: 320 }),
  fc.string({ unit: loginCharacter, minLength: 243, maxLength: 300 }).map((name) => `${name}@example.com`),
);
const userPaths = tooLongLogin.map((login) => `/api/users/${encodeURIComponent(login)}`);

describe("bad input on every accounts route", () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    tokens.student = (await signedUpStudent(test.app)).token;
    tokens.admin = await adminToken(test.app);
  });
  afterAll(() => test.close());

  const studentRules = {
    firstName: badName,
    lastName: badName,
    email: badEmail,
    password: badPassword,
    phone: required(blank, tooLong(30)),
    level: badNumber,
    objective: badEnum,
    seen: badEnum,
    student: fc.oneof(fc.constant(MISSING), fc.string(), fc.integer()),
  };
  const teacherRules = {
    firstName: badName,
    email: badEmail,
    password: badPassword,
    phone: required(blank),
    experience: required(blank, tooLong(2000)),
  };
  const paging = fc.oneof(
    fc.constantFrom("page=-1", "page=abc", "page=1.5", "size=0", "size=100001", "size=x", "sort=password,asc"),
    fc
      .string({ minLength: 1, maxLength: 10 })
      .filter((s) => /^[a-z]+$/.test(s) && s !== "login")
      .map((field) => `sort=${field}zz,asc`),
    fc.constantFrom("sort=login,sideways", "sort=login,asc&sort=nope,desc"),
  );

  const routes: BadRoute[] = [
    { method: "POST", url: "/api/register", bodies: fc.oneof(oneFieldBroken(studentForm, studentRules), notAnObject) },
    { method: "POST", url: "/api/register", bodies: oneFieldBroken(teacherForm, teacherRules) },
    {
      method: "GET",
      url: "/api/account/hasUser",
      queries: fc.oneof(
        fc.constant(""),
        tooLong(254).map((s) => `email=${encodeURIComponent(s)}`),
      ),
    },
    {
      method: "POST",
      url: "/api/authenticate",
      bodies: fc.oneof(
        oneFieldBroken(() => ({ username: "ana@example.com", password: "senha", rememberMe: true }), {
          username: required(blank, tooLong(254)),
          password: required(fc.constant(""), tooLong(100)),
          rememberMe: badBoolean,
        }),
        notAnObject,
      ),
    },
    {
      method: "POST",
      url: "/api/account",
      as: "student",
      bodies: oneFieldBroken(() => ({ firstName: "Ana", lastName: "Souza", email: uniqueEmail(), langKey: "pt-br" }), {
        firstName: fc.oneof(notAString, tooLong(50)),
        email: badEmail,
        langKey: fc.oneof(notAString, fc.constant("x"), tooLong(10)),
      }),
    },
    {
      method: "POST",
      url: "/api/account/change-password",
      as: "student",
      bodies: oneFieldBroken(() => ({ currentPassword: "senha-da-ana", newPassword: "nova-senha" }), {
        currentPassword: required(fc.constant("")),
        newPassword: badPassword,
      }),
    },
    {
      method: "POST",
      url: "/api/account/reset-password/init",
      bodies: fc
        .oneof(
          fc.string({ maxLength: 4 }),
          fc.string({ minLength: 5, maxLength: 30 }).filter((s) => !s.includes("@")),
        )
        .map((body) => ({ broken: "body", body })),
    },
    {
      method: "POST",
      url: "/api/account/reset-password/finish",
      bodies: oneFieldBroken(() => ({ key: "some-key", newPassword: "nova-senha" }), {
        key: required(blank, tooLong(200)),
        newPassword: badPassword,
      }),
    },
    ...(["admin", "teacher", "student"] as const).map(
      (kind): BadRoute => ({ method: "GET", url: `/api/users/${kind}`, as: "admin", queries: paging }),
    ),
    {
      method: "POST",
      url: "/api/users",
      as: "admin",
      bodies: oneFieldBroken(() => ({ login: `novo${Date.now()}`, email: uniqueEmail(), password: "senha-nova" }), {
        login: required(blank, tooLong(254), fc.constantFrom("com espaço", "admin", "student", "ação")),
        email: badEmail,
        password: badPassword,
        authorities: fc.oneof(fc.constant("ROLE_ADMIN"), fc.constant(["ROLE_KING"]), fc.integer()),
        id: fc.integer({ min: 1 }),
      }),
    },
    {
      method: "PUT",
      url: "/api/users",
      as: "admin",
      bodies: oneFieldBroken(() => ({ id: 1000, firstName: "Nome" }), {
        id: badNumber,
        email: fc.oneof(notAString, fc.constant(null), fc.constant("sem-arroba")),
        activated: badBoolean,
        authorities: fc.oneof(fc.constant([]), fc.constant(["ROLE_KING"]), fc.string()),
        firstName: fc.oneof(notAString, tooLong(50)),
        objective: fc.constantFrom("NADA", 3),
        cep: tooLong(10),
      }),
    },
    {
      method: "POST",
      url: "/api/registerByAdmin",
      as: "admin",
      bodies: fc.oneof(
        oneFieldBroken(() => ({ student: true, firstName: "Ana", email: uniqueEmail() }), {
          firstName: badName,
          email: badEmail,
          password: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
          level: fc.oneof(fc.string(), fc.integer({ max: 0 })),
          student: fc.oneof(fc.constant(MISSING), fc.string()),
        }),
        notAnObject,
      ),
    },
    { method: "GET", url: "/api/users/{login}", as: "admin", paths: userPaths },
    { method: "DELETE", url: "/api/users/{login}", as: "admin", paths: userPaths },
    {
      method: "GET",
      url: "/management/audits",
      as: "admin",
      queries: fc.oneof(
        paging,
        fc.constantFrom("fromDate=yesterday", "toDate=2024-13-01", "fromDate=01/02/2024", "toDate=2024-02-30"),
      ),
    },
  ];

  it.each(routes.map((route, index) => [`${route.method} ${route.url} (${index})`, route] as const))(
    "%s answers 400 with field errors and stores nothing",
    async (_name, route) => {
      const headers = route.as ? bearer(tokens[route.as] as string) : {};
      const before = await storedEventCount(test.app);
      type Attempt = { path: string; query: string; body?: { broken: string; body: unknown } };
      const arbitrary: fc.Arbitrary<Attempt> = route.bodies
        ? route.bodies.map((body) => ({ path: route.url, query: "", body }))
        : route.paths
          ? route.paths.map((path) => ({ path, query: "" }))
          : (route.queries as fc.Arbitrary<string>).map((query) => ({ path: route.url, query }));
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ path, query, body }) => {
          const isText = route.url.endsWith("/reset-password/init");
          const response = await test.app.inject({
            method: route.method,
            url: query ? `${path}?${query}` : path,
            // No content type without a body: an empty JSON DELETE would be refused for that alone.
            ...(body
              ? {
                  headers: { ...headers, "content-type": isText ? "text/plain" : "application/json" },
                  payload: isText ? String(body.body) : JSON.stringify(body.body),
                }
              : { headers }),
          });
          expect(response.statusCode, `${JSON.stringify(body ?? (query || path))} → ${response.body}`).toBe(400);
          const answer = response.json();
          expect(answer.fieldErrors.length).toBeGreaterThan(0);
          expect(response.headers["x-app-error"]).toBeTruthy();
        }),
        { numRuns: 25 },
      );
      expect(await storedEventCount(test.app)).toBe(before);
    },
  );
});
