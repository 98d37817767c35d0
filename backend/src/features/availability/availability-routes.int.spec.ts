import { availabilityErrors, availabilityStreams, type TeacherAvailability } from "@el/domain/directory/availability";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, start, end }));
const put = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
  inject({ method: "PUT", url, ...(headers ? { headers } : {}), payload: payload as InjectOptions["payload"] });
const storedEvents = async (teacher: Person) =>
  (await test.app.eventStore.readStream(availabilityStreams.id(teacher.id))).map((event) => event.type);

describe("GET and PUT api/teachers/me/availability", () => {
  it("answers none before the first save, then what the teacher saved, tidied", async () => {
    const teacher = await givenTeacher(test.app);
    const before = await inject({ method: "GET", url: "/api/teachers/me/availability", headers: teacher.auth });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ weekly: [], daysOff: [] });

    const saved = await put("/api/teachers/me/availability", teacher.auth, {
      weekly: [
        { dayOfWeek: 3, start: "19:00", end: "21:00" },
        { dayOfWeek: 3, start: "18:00", end: "19:30" },
      ],
      daysOff: ["2031-01-02", "2031-01-01"],
    });
    expect(saved.statusCode).toBe(200);
    const tidied: TeacherAvailability = {
      weekly: [{ dayOfWeek: 3, start: "18:00", end: "21:00" }],
      daysOff: ["2031-01-01", "2031-01-02"],
    };
    expect(saved.json()).toEqual(tidied);
    const after = await inject({ method: "GET", url: "/api/teachers/me/availability", headers: teacher.auth });
    expect(after.json()).toEqual(tidied);
  });

  it("refuses anonymous callers, students and administrators on the teacher's own address", async () => {
    const student = await givenStudent(test.app);
    const body = { weekly: weekdays("08:00", "12:00"), daysOff: [] };
    expect((await put("/api/teachers/me/availability", undefined, body)).statusCode).toBe(401);
    expect((await put("/api/teachers/me/availability", student.auth, body)).statusCode).toBe(403);
    expect((await put("/api/teachers/me/availability", admin, body)).statusCode).toBe(403);
    expect((await inject({ method: "GET", url: "/api/teachers/me/availability" })).statusCode).toBe(401);
  });

  it.each([
    ["off the half-hour grid", { dayOfWeek: 1, start: "08:15", end: "10:00" }, availabilityErrors.grid],
    ["before 07:00", { dayOfWeek: 1, start: "06:00", end: "08:00" }, availabilityErrors.hours],
    ["past 23:00", { dayOfWeek: 1, start: "22:00", end: "23:30" }, availabilityErrors.hours],
    ["shorter than a lesson", { dayOfWeek: 1, start: "08:00", end: "08:30" }, availabilityErrors.window],
  ])("answers 400 to a window %s, storing nothing", async (_, window, message) => {
    const teacher = await givenTeacher(test.app);
    const response = await put("/api/teachers/me/availability", teacher.auth, { weekly: [window], daysOff: [] });
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-app-error"]).toBe(message);
    expect(response.json()).toMatchObject({
      status: 400,
      message,
      fieldErrors: [{ field: "weekly", message }],
    });
    expect(await storedEvents(teacher)).toEqual([]);
  });

  it("answers 400 to a body of the wrong shape, storing nothing", async () => {
    const teacher = await givenTeacher(test.app);
    for (const body of [
      { weekly: [{ dayOfWeek: 8, start: "08:00", end: "10:00" }], daysOff: [] },
      { weekly: [{ dayOfWeek: 1, start: "8h", end: "10:00" }], daysOff: [] },
      { weekly: [], daysOff: ["amanhã"] },
      { weekly: [] },
    ]) {
      const response = await put("/api/teachers/me/availability", teacher.auth, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe("error.validation");
    }
    expect(await storedEvents(teacher)).toEqual([]);
  });
});

describe("GET and PUT api/teachers/{id}/availability", () => {
  it("lets an administrator read and change any teacher's availability", async () => {
    const teacher = await givenTeacher(test.app);
    const body = { weekly: weekdays("08:00", "12:00"), daysOff: [] };
    const saved = await put(`/api/teachers/${teacher.id}/availability`, admin, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    const read = await inject({ method: "GET", url: `/api/teachers/${teacher.id}/availability`, headers: admin });
    expect(read.json()).toEqual(body);
    const mine = await inject({ method: "GET", url: "/api/teachers/me/availability", headers: teacher.auth });
    expect(mine.json()).toEqual(body);
    const [event] = await test.app.eventStore.readStream(availabilityStreams.id(teacher.id));
    expect(event?.data).toMatchObject({ by: (await findUserByLogin(test.db, ADMIN.email))?.id });
  });

  it("refuses a teacher another teacher's availability, or even their own by id", async () => {
    const teacher = await givenTeacher(test.app);
    const other = await givenTeacher(test.app);
    const body = { weekly: weekdays("08:00", "12:00"), daysOff: [] };
    expect((await put(`/api/teachers/${other.id}/availability`, teacher.auth, body)).statusCode).toBe(403);
    expect((await put(`/api/teachers/${teacher.id}/availability`, teacher.auth, body)).statusCode).toBe(403);
    expect(
      (await inject({ method: "GET", url: `/api/teachers/${other.id}/availability`, headers: teacher.auth }))
        .statusCode,
    ).toBe(403);
    expect(await storedEvents(other)).toEqual([]);
  });

  it("answers 404 for an id that is no teacher", async () => {
    const student = await givenStudent(test.app);
    const body = { weekly: [], daysOff: [] };
    expect((await put(`/api/teachers/${student.id}/availability`, admin, body)).statusCode).toBe(404);
    expect((await put("/api/teachers/987654321/availability", admin, body)).statusCode).toBe(404);
  });
});

describe("the teacher's personal data download", () => {
  it("holds their availability as they saved it, and none for a student", async () => {
    const teacher = await givenTeacher(test.app);
    const student = await givenStudent(test.app);
    const body = { weekly: weekdays("08:00", "12:00"), daysOff: ["2031-01-01"] };
    expect((await put("/api/teachers/me/availability", teacher.auth, body)).statusCode).toBe(200);
    const exportOf = async (headers: Record<string, string>) => {
      const response = await inject({ method: "GET", url: "/api/account/export", headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { availability: { type: string; data: unknown }[]; events: { type: string }[] };
    };
    const exported = await exportOf(teacher.auth);
    expect(exported.availability).toMatchObject([{ type: "TeacherAvailabilityChanged", data: body }]);
    expect(exported.events.map((event) => event.type)).toContain("TeacherAvailabilityChanged");
    expect((await exportOf(student.auth)).availability).toEqual([]);
  });
});

describe("GET api/teachers/{id}/slots", () => {
  const slots = (teacherId: number, query = "", headers?: Record<string, string>) =>
    inject({ method: "GET", url: `/api/teachers/${teacherId}/slots${query}`, ...(headers ? { headers } : {}) });

  it("answers anyone the free starts of the next two weeks, in São Paulo time, at least two hours ahead", async () => {
    const teacher = await givenTeacher(test.app);
    await put("/api/teachers/me/availability", teacher.auth, {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "10:00", end: "11:30" })),
      daysOff: [],
    });
    const response = await slots(teacher.id);
    expect(response.statusCode).toBe(200);
    const starts: string[] = response.json().slots;
    expect(starts.length).toBeGreaterThanOrEqual(28);
    expect(starts.length).toBeLessThanOrEqual(30);
    for (const start of starts) {
      expect(start).toMatch(/T10:(00|30):00-03:00$/);
      expect(Date.parse(start)).toBeGreaterThanOrEqual(Date.now() + 2 * 60 * 60 * 1000 - 60_000);
    }
    expect(starts).toEqual([...starts].sort());
  });

  it("answers the dates asked, both included", async () => {
    const teacher = await givenTeacher(test.app);
    await put("/api/teachers/me/availability", teacher.auth, {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "10:00", end: "11:00" })),
      daysOff: [],
    });
    const day = (days: number) => localDateOf(new Date(Date.now() + days * 86_400_000));
    const response = await slots(teacher.id, `?from=${day(3)}&to=${day(5)}`);
    expect(response.json().slots).toEqual([3, 4, 5].map((days) => `${day(days)}T10:00:00-03:00`));
  });

  it("answers 400 to a range past 31 days or backwards", async () => {
    const teacher = await givenTeacher(test.app);
    const long = await slots(teacher.id, "?from=2031-01-01&to=2031-02-01");
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(availabilityErrors.range);
    expect((await slots(teacher.id, "?from=2031-01-01&to=2031-01-31")).statusCode).toBe(200);
    expect((await slots(teacher.id, "?from=2031-01-05&to=2031-01-04")).statusCode).toBe(400);
    expect((await slots(teacher.id, "?from=amanhã")).statusCode).toBe(400);
  });

  it("answers 404 for an unknown id, a student's, or a teacher not active", async () => {
    const student = await givenStudent(test.app);
    expect((await slots(987654321)).statusCode).toBe(404);
    expect((await slots(student.id)).statusCode).toBe(404);
    const teacher = await givenTeacher(test.app);
    await test.db.query("update users set activated = false where id = $1", [teacher.id]);
    expect((await slots(teacher.id)).statusCode).toBe(404);
  });

  it("is not taken for the teacher's own availability address", async () => {
    const teacher = await givenTeacher(test.app);
    expect((await inject({ method: "GET", url: "/api/teachers/me/slots" })).statusCode).toBe(400);
    expect(
      (await inject({ method: "GET", url: "/api/teachers/me/availability", headers: teacher.auth })).statusCode,
    ).toBe(200);
  });
});
