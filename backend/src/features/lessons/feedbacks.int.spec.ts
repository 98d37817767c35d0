import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const DAY = 86_400_000;

/** A lesson held two days ago by a new teacher for a new student. */
const heldLesson = async () => {
  const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
  const lessonId = await givenLesson(test.app, student, { date: new Date(Date.now() - 2 * DAY), teacher });
  return { student, teacher, lessonId };
};

const rate = async (student: Person, lessonId: number, note: number, information: string) => {
  const answer = await inject({
    method: "POST",
    url: "/api/student-feedbacks",
    headers: student.auth,
    payload: { lessonId, note, information },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: number }>().id;
};

const report = async (teacher: Person, lessonId: number, status: number) => {
  const answer = await inject({
    method: "POST",
    url: "/api/teacher-feedbacks",
    headers: teacher.auth,
    payload: {
      lessonId,
      status,
      note: 4,
      information: "Student did not show up",
      sugestions: "Call before",
      productSugestions: "Reminders",
      studentInformation: "Absent",
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: number }>().id;
};

const lessonEvents = async (lessonId: number) =>
  (await test.app.eventStore.readStream(lessonStreams.id(lessonId))).map((event) => event.type);

describe("student feedback in the back office", () => {
  it("lists the feedback with its lesson, finds it by a word, sorts by note and counts the items", async () => {
    const word = `marvellous${Date.now()}`;
    const first = await heldLesson();
    const second = await heldLesson();
    const low = await rate(first.student, first.lessonId, 1, `Not ${word} at all`);
    const high = await rate(second.student, second.lessonId, 5, `A ${word} lesson`);

    const found = await inject({
      method: "GET",
      url: `/api/_search/student-feedbacks?query=${word}&sort=note,desc&page=0&size=5`,
      headers: admin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.headers["x-total-count"]).toBe("2");
    expect(found.json().map((row: { id: number }) => row.id)).toEqual([high, low]);
    expect(found.json()[0]).toMatchObject({
      lessonId: second.lessonId,
      note: 5,
      information: `A ${word} lesson`,
      lesson: { id: second.lessonId, studentName: `${second.student.firstName} Souza` },
    });

    const paged = await inject({
      method: "GET",
      url: `/api/student-feedbacks?query=${word}&sort=note,asc&page=1&size=1`,
      headers: admin,
    });
    expect(paged.json().map((row: { id: number }) => row.id)).toEqual([high]);
    const one = await inject({ method: "GET", url: `/api/student-feedbacks/${low}`, headers: admin });
    expect(one.json()).toMatchObject({ id: low, note: 1 });
    expect((await inject({ method: "GET", url: "/api/student-feedbacks/999999999", headers: admin })).statusCode).toBe(
      404,
    );
  });

  it("corrects a rating with PUT, by path or by the body's id, and refuses a note above 5 changing nothing", async () => {
    const { student, lessonId } = await heldLesson();
    const id = await rate(student, lessonId, 2, "Too fast");

    const revised = await inject({
      method: "PUT",
      url: `/api/student-feedbacks/${id}`,
      headers: admin,
      payload: { id, note: 4, information: " Good pace after all " },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.headers["x-app-alert"]).toBe("englishLessonsApp.studentFeedback.updated");
    expect(revised.json()).toMatchObject({ id, note: 4, information: "Good pace after all" });
    const byBody = await inject({
      method: "PUT",
      url: "/api/student-feedbacks",
      headers: admin,
      payload: { id, note: 3, information: "Fine" },
    });
    expect(byBody.json()).toMatchObject({ id, note: 3 });

    const refused = await inject({
      method: "PUT",
      url: `/api/student-feedbacks/${id}`,
      headers: admin,
      payload: { note: 9, information: "x" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(lessonErrors.note);
    const mismatch = await inject({
      method: "PUT",
      url: `/api/student-feedbacks/${id}`,
      headers: admin,
      payload: { id: id + 1, note: 1 },
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await inject({ method: "GET", url: `/api/student-feedbacks/${id}`, headers: admin })).json()).toMatchObject(
      {
        note: 3,
        information: "Fine",
      },
    );
    expect((await lessonEvents(lessonId)).filter((type) => type === "StudentFeedbackRevised")).toHaveLength(2);
  });

  it("deletes a feedback: it leaves the list, the student is asked again and may rate the lesson anew", async () => {
    const { student, lessonId } = await heldLesson();
    const id = await rate(student, lessonId, 0, "Spam spam");
    const deleted = await inject({ method: "DELETE", url: `/api/student-feedbacks/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await inject({ method: "GET", url: `/api/student-feedbacks/${id}`, headers: admin })).statusCode).toBe(404);
    const prompt = await inject({
      method: "GET",
      url: "/api/schedulings/authenticatedUser/lastWithoutFeedback",
      headers: student.auth,
    });
    expect(prompt.json()).toMatchObject({ id: lessonId });
    await rate(student, lessonId, 5, "Honest rating");
  });

  it("two administrators deleting the same feedback at once: one deletes it, the other is told it is gone", async () => {
    const { student, lessonId } = await heldLesson();
    const id = await rate(student, lessonId, 3, "Ok");
    const answers = await Promise.all(
      [0, 1].map(() => inject({ method: "DELETE", url: `/api/student-feedbacks/${id}`, headers: admin })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    expect((await lessonEvents(lessonId)).filter((type) => type === "StudentFeedbackDeleted")).toHaveLength(1);
  });
});

describe("teacher feedback in the back office", () => {
  it("corrects a 'not held' report to held, and the lesson can then be paid to its teacher", async () => {
    const { teacher, lessonId } = await heldLesson();
    const id = await report(teacher, lessonId, 3);
    const before = await inject({
      method: "POST",
      url: "/api/payments",
      headers: admin,
      payload: { lesson: { id: lessonId } },
    });
    expect(before.json().message).toBe(lessonErrors.reportedNotHeld);

    const listed = await inject({
      method: "GET",
      url: `/api/_search/teacher-feedbacks?query=${lessonId}`,
      headers: admin,
    });
    expect(listed.json()).toMatchObject([{ id, lessonId, status: 3, information: "Student did not show up" }]);

    const revised = await inject({
      method: "PUT",
      url: `/api/teacher-feedbacks/${id}`,
      headers: admin,
      payload: {
        status: 1,
        note: 5,
        information: "Held after all",
        sugestions: "-",
        productSugestions: "-",
        studentInformation: "On time",
      },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({ id, status: 1, information: "Held after all", partialyHeld: null });
    const paid = await inject({
      method: "POST",
      url: "/api/payments",
      headers: admin,
      payload: { lesson: { id: lessonId } },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("refuses a report without a status, and deletes one so the teacher is asked again", async () => {
    const { teacher, lessonId } = await heldLesson();
    const id = await report(teacher, lessonId, 1);
    const refused = await inject({
      method: "PUT",
      url: `/api/teacher-feedbacks/${id}`,
      headers: admin,
      payload: { note: 3 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(lessonErrors.chooseOption);
    expect((await inject({ method: "DELETE", url: `/api/teacher-feedbacks/${id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await inject({ method: "DELETE", url: `/api/teacher-feedbacks/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
    const prompt = await inject({
      method: "GET",
      url: "/api/schedulings/authenticatedUser/lastWithoutFeedback",
      headers: teacher.auth,
    });
    expect(prompt.json()).toMatchObject({ id: lessonId });
  });
});

describe("who may use the feedback routes", () => {
  it("answers a feedback on another's lesson as on an unknown one, storing nothing", async () => {
    const { lessonId } = await heldLesson();
    const [student, teacher] = [await givenStudent(test.app), await givenTeacher(test.app)];
    const before = await lessonEvents(lessonId);
    for (const [path, person, payload] of [
      ["student-feedbacks", student, { note: 5, information: "Ótima" }],
      [
        "teacher-feedbacks",
        teacher,
        { status: 1, note: 4, information: "Ok", sugestions: "", productSugestions: "", studentInformation: "" },
      ],
    ] as const) {
      const [others, unknown] = await Promise.all(
        [lessonId, 987_654].map((id) =>
          inject({ method: "POST", url: `/api/${path}`, headers: person.auth, payload: { ...payload, lessonId: id } }),
        ),
      );
      expect(unknown?.statusCode).toBe(404);
      expect([others?.statusCode, others?.json()]).toEqual([404, unknown?.json()]);
    }
    expect(await lessonEvents(lessonId)).toEqual(before);
  });

  it("answers 403 to teachers and students and 401 to strangers on every route", async () => {
    const { student, teacher } = await heldLesson();
    const routes: InjectOptions[] = ["student-feedbacks", "teacher-feedbacks"].flatMap((path) => [
      { method: "GET", url: `/api/${path}` },
      { method: "GET", url: `/api/_search/${path}?query=a` },
      { method: "GET", url: `/api/${path}/1` },
      { method: "PUT", url: `/api/${path}/1`, payload: { note: 1 } },
      { method: "PUT", url: `/api/${path}`, payload: { id: 1, note: 1 } },
      { method: "DELETE", url: `/api/${path}/1` },
    ]);
    for (const route of routes) {
      for (const person of [student, teacher])
        expect((await inject({ ...route, headers: person.auth })).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
