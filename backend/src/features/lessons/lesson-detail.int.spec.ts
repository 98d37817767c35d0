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

describe("GET api/lessons/{id}/detail", () => {
  it("tells who and when, each step of the lesson, its payout and both feedbacks, with its people's logins", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const id = await givenLesson(test.app, student, { date: new Date(Date.now() - 2 * DAY), teacher });
    const rated = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: id, note: 5, information: "Aula ótima" },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const reported = await inject({
      method: "POST",
      url: "/api/teacher-feedbacks",
      headers: teacher.auth,
      payload: {
        lessonId: id,
        status: 1,
        note: 4,
        information: "Boa conversa",
        sugestions: "Mais leitura",
        productSugestions: "Lembretes",
        studentInformation: "Pontual",
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const paid = await inject({ method: "POST", url: "/api/payments", headers: admin, payload: { lesson: { id } } });
    expect(paid.statusCode, paid.body).toBe(201);

    const detail = await inject({ method: "GET", url: `/api/lessons/${id}/detail`, headers: admin });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      lesson: {
        id,
        student: { id: student.id, firstName: student.firstName },
        teacher: { id: teacher.id },
        trail: { title: "Greetings" },
        payment: { value: 25 },
        cancelled: false,
      },
      studentLogin: student.login,
      teacherLogin: teacher.login,
      studentFeedback: { note: 5, information: "Aula ótima" },
      teacherFeedback: { status: 1, note: 4, information: "Boa conversa", studentInformation: "Pontual" },
    });
    expect(body.history.map((step: { type: string }) => step.type)).toEqual([
      "LessonScheduled",
      "LessonAccepted",
      "StudentFeedbackGiven",
      "TeacherFeedbackGiven",
      "LessonPaid",
    ]);
    expect(body.history[1].teacher).toMatchObject({ id: teacher.id });
  });

  it("answers 404 for a lesson that does not exist, 400 for an id that cannot be one, 403 to anyone but an administrator", async () => {
    const student = await givenStudent(test.app);
    const id = await givenLesson(test.app, student, { date: new Date(Date.now() + 3 * DAY) });
    expect((await inject({ method: "GET", url: "/api/lessons/999999999/detail", headers: admin })).statusCode).toBe(
      404,
    );
    expect((await inject({ method: "GET", url: "/api/lessons/abc/detail", headers: admin })).statusCode).toBe(400);
    expect((await inject({ method: "GET", url: `/api/lessons/${id}/detail`, headers: student.auth })).statusCode).toBe(
      403,
    );
    const pending = await inject({ method: "GET", url: `/api/lessons/${id}/detail`, headers: admin });
    expect(pending.json()).toMatchObject({ teacherLogin: null, studentFeedback: null, teacherFeedback: null });
    expect(pending.json().lesson.teacher).toBeNull();
  });
});
