import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher } from "../../../test/lesson-fixtures";

let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const DAY = 86_400_000;

describe("GET api/lesson-histories", () => {
  it("lists the lessons a teacher gave, by teacher and student, with the totals panel and each one read-only", async () => {
    const [student, other, teacher] = await Promise.all([
      givenStudent(test.app),
      givenStudent(test.app),
      givenTeacher(test.app),
    ]);
    const older = await givenLesson(test.app, student, { date: new Date(Date.now() - 3 * DAY), teacher });
    const newer = await givenLesson(test.app, other, { date: new Date(Date.now() - 2 * DAY), teacher });
    // Neither took place yet: one waits for a teacher, the other is ahead.
    await givenLesson(test.app, student, { date: new Date(Date.now() - DAY) });
    await givenLesson(test.app, student, { date: new Date(Date.now() + 3 * DAY), teacher });
    const paid = await inject({
      method: "POST",
      url: "/api/payments",
      headers: admin,
      payload: { lesson: { id: older } },
    });
    expect(paid.statusCode).toBe(201);

    const list = await inject({ method: "GET", url: `/api/lesson-histories?teacherId=${teacher.id}`, headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([newer, older]);
    expect(list.json()[1]).toMatchObject({
      id: older,
      teacherName: `${teacher.firstName} Lima`,
      studentName: `${student.firstName} Souza`,
      level: { name: "Begginer" },
      objective: "TRAVEL",
      classTitle: "Greetings",
      teacherValue: 25,
      totalValue: 40,
      payment: { value: 25 },
    });

    const ofStudent = await inject({
      method: "GET",
      url: `/api/lesson-histories?teacherId=${teacher.id}&studentId=${other.id}`,
      headers: admin,
    });
    expect(ofStudent.json().map((row: { id: number }) => row.id)).toEqual([newer]);
    const totals = await inject({
      method: "GET",
      url: `/api/lesson-histories/totalAmount?teacherId=${teacher.id}`,
      headers: admin,
    });
    expect(totals.json()).toEqual({ lessons: 2, teacherValue: 50, totalValue: 80, paidValue: 25 });
    const one = await inject({ method: "GET", url: `/api/lesson-histories/${newer}`, headers: admin });
    expect(one.json()).toEqual(list.json()[0]);
  });

  it("answers 404 for a lesson that did not take place and 400 for a month that does not exist", async () => {
    const student = await givenStudent(test.app);
    const pending = await givenLesson(test.app, student, { date: new Date(Date.now() - DAY) });
    expect((await inject({ method: "GET", url: `/api/lesson-histories/${pending}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await inject({ method: "GET", url: "/api/lesson-histories?month=13", headers: admin })).statusCode).toBe(
      400,
    );
  });

  it("answers 403 to teachers and students and 401 to strangers", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    for (const url of ["/api/lesson-histories", "/api/lesson-histories/totalAmount", "/api/lesson-histories/1"]) {
      for (const person of [student, teacher])
        expect((await inject({ method: "GET", url, headers: person.auth })).statusCode, url).toBe(403);
      expect((await inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });
});
