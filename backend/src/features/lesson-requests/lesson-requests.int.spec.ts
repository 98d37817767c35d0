import { lessonErrors } from "@el/domain/lessons/lesson";
import { lessonRequestErrors } from "@el/domain/lessons/lesson-request-decisions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import {
  answerRequest,
  aStartBetween,
  balanceOf,
  lessonEventTypes,
  requestsOf,
  requestTeacher,
} from "./lesson-request-fixtures";

/** The routes of requests to one teacher, on real PostgreSQL: what students and teachers send and read. */
let test: TestApp;
let trailId: number;
beforeAll(async () => {
  test = await createTestApp({ driver: "pg" });
  trailId = (await aTrail(test.app)).id;
});
afterAll(() => test.close());

const request = (
  student: Person,
  teacher: Person,
  start = saoPauloTime(3, 10),
  fallback: "BOARD" | "CANCEL" = "BOARD",
) => requestTeacher(test.app, student, teacher.id, { start, trailId, fallback });

describe("POST api/teachers/{id}/requests", () => {
  it("offers the lesson to that teacher alone for 12 hours, spending the credit, and lists it to both", async () => {
    const [student, teacher, other] = [
      await givenStudent(test.app, { credits: 2 }),
      await givenTeacher(test.app),
      await givenTeacher(test.app),
    ];
    const before = Date.now();
    const response = await request(student, teacher, saoPauloTime(3, 10), "CANCEL");
    expect(response.statusCode).toBe(201);
    const view = response.json();
    expect(view).toMatchObject({
      status: "REQUESTED",
      fallback: "CANCEL",
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: "Lima" },
      scheduling: {
        id: view.id,
        date: new Date(saoPauloTime(3, 10)).toISOString(),
        trail: { id: trailId },
        student: { id: student.id },
        lesson: null,
      },
    });
    const expiresAt = Date.parse(view.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 12 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
    expect(await balanceOf(test, student)).toBe(1);
    expect((await requestsOf(test.app, teacher)).json()).toEqual([view]);
    expect((await requestsOf(test.app, student)).json()).toEqual([view]);
    expect((await requestsOf(test.app, other)).json()).toEqual([]);
    // Not on the board: another teacher claiming it finds it taken.
    const claim = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: other.auth,
      payload: { schedulingId: view.id },
    });
    expect(claim.statusCode).toBe(409);
  });

  it("answers until 24 hours before the start when that comes before 12 hours", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const start = aStartBetween(25, 35);
    const response = await request(student, teacher, start);
    expect(response.statusCode).toBe(201);
    expect(response.json().expiresAt).toBe(new Date(Date.parse(start) - 24 * 3_600_000).toISOString());
  });

  it("refuses a start less than a day away with a 400 on the start, spending nothing", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const response = await request(student, teacher, aStartBetween(3, 23));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: lessonRequestErrors.tooSoon,
      fieldErrors: [{ field: "start", message: lessonRequestErrors.tooSoon }],
    });
    expect(await balanceOf(test, student)).toBe(1);
  });

  it("refuses a body without fallback or start, a teacher who is none, and anyone but a student", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 3 }), await givenTeacher(test.app)];
    const noFallback = await test.app.inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/requests`,
      headers: student.auth,
      payload: { start: saoPauloTime(3, 10), trailId },
    });
    expect(noFallback.statusCode).toBe(400);
    const badStart = await requestTeacher(test.app, student, teacher.id, { start: "amanhã", trailId });
    expect(badStart.statusCode).toBe(400);
    const notTeacher = await requestTeacher(test.app, student, student.id, { start: saoPauloTime(3, 10), trailId });
    expect(notTeacher.statusCode).toBe(404);
    expect(notTeacher.json().message).toBe(lessonErrors.teacherNotFound);
    const byTeacher = await request(teacher, teacher);
    expect(byTeacher.statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/requests`,
      payload: { start: saoPauloTime(3, 10), trailId, fallback: "BOARD" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await balanceOf(test, student)).toBe(3);
  });

  it("sent again with its Idempotency-Key, even at once, spends one credit and answers the same request", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 3 }), await givenTeacher(test.app)];
    const body = { start: saoPauloTime(4, 15), trailId, fallback: "BOARD" as const };
    const key = { "idempotency-key": `request-${student.id}` };
    const [first, second] = await Promise.all([
      requestTeacher(test.app, student, teacher.id, body, key),
      requestTeacher(test.app, student, teacher.id, body, key),
    ]);
    const third = await requestTeacher(test.app, student, teacher.id, body, key);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await balanceOf(test, student)).toBe(2);
    expect((await requestsOf(test.app, student)).json()).toHaveLength(1);
  });
});

describe("answering a request", () => {
  it("accepted by the teacher asked: the lesson is theirs with a video link, once; declining it then is refused", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const { id } = (await request(student, teacher)).json();
    const accepted = await answerRequest(test.app, teacher, id, "accept");
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      id,
      status: "ACCEPTED",
      scheduling: { lesson: { id, teacher: { id: teacher.id } } },
    });
    expect(accepted.json().scheduling.lesson.meetUrl).toMatch(/^https:\/\//);
    const again = await answerRequest(test.app, teacher, id, "accept");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    const declined = await answerRequest(test.app, teacher, id, "decline");
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(lessonRequestErrors.answered);
    expect((await requestsOf(test.app, student)).json()).toEqual([accepted.json()]);
    const lesson = await test.app.inject({ method: "GET", url: `/api/schedulings/${id}`, headers: student.auth });
    expect(lesson.json().lesson.teacher.id).toBe(teacher.id);
    expect(await lessonEventTypes(test.app, id)).toEqual(["LessonScheduled", "LessonAccepted"]);
  });

  it("is the teacher asked's alone: another teacher, a student, an administrator or an unknown id get 404 or 403", async () => {
    const [student, teacher, other] = [
      await givenStudent(test.app, { credits: 1 }),
      await givenTeacher(test.app),
      await givenTeacher(test.app),
    ];
    const { id } = (await request(student, teacher)).json();
    for (const answer of ["accept", "decline"] as const) {
      expect((await answerRequest(test.app, other, id, answer)).statusCode).toBe(404);
      expect((await answerRequest(test.app, teacher, id + 1_000_000, answer)).statusCode).toBe(404);
      expect((await answerRequest(test.app, student, id, answer)).statusCode).toBe(403);
      const admin = await test.app.inject({
        method: "POST",
        url: `/api/lesson-requests/${id}/${answer}`,
        headers: bearer(await adminToken(test.app)),
      });
      expect(admin.statusCode).toBe(403);
    }
    // A lesson of the open board is no request, even to the teacher who could claim it.
    const open = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: (await givenStudent(test.app, { credits: 1 })).auth,
      payload: { trail: { id: trailId }, date: saoPauloTime(5, 9), objective: "TRAVEL" },
    });
    expect((await answerRequest(test.app, teacher, open.json().id, "accept")).statusCode).toBe(404);
    expect(await lessonEventTypes(test.app, id)).toEqual(["LessonScheduled"]);
  });

  it("refuses an acceptance when the teacher is busy at that hour (409), leaving the request open", async () => {
    const [student, another, teacher] = [
      await givenStudent(test.app, { credits: 1 }),
      await givenStudent(test.app, { credits: 1 }),
      await givenTeacher(test.app),
    ];
    const { id } = (await request(student, teacher, saoPauloTime(6, 18))).json();
    const open = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: another.auth,
      payload: { trail: { id: trailId }, date: saoPauloTime(6, 18, 30), objective: "TRAVEL" },
    });
    const claim = { schedulingId: open.json().id };
    expect(
      (await test.app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: claim }))
        .statusCode,
    ).toBe(201);
    const accepted = await answerRequest(test.app, teacher, id, "accept");
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(lessonErrors.teacherBusy);
    expect((await requestsOf(test.app, teacher)).json()[0]).toMatchObject({ id, status: "REQUESTED" });
  });

  it("declined with the board as fallback: the lesson waits for any teacher, the credit stays spent", async () => {
    const [student, teacher, other] = [
      await givenStudent(test.app, { credits: 1 }),
      await givenTeacher(test.app),
      await givenTeacher(test.app),
    ];
    const { id } = (await request(student, teacher, saoPauloTime(3, 16), "BOARD")).json();
    const declined = await answerRequest(test.app, teacher, id, "decline");
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: "DECLINED", fallback: "BOARD" });
    expect((await answerRequest(test.app, teacher, id, "decline")).json()).toEqual(declined.json());
    expect((await answerRequest(test.app, teacher, id, "accept")).statusCode).toBe(409);
    expect(await balanceOf(test, student)).toBe(0);
    const claim = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: other.auth,
      payload: { schedulingId: id },
    });
    expect(claim.statusCode).toBe(201);
    expect(await lessonEventTypes(test.app, id)).toEqual(["LessonScheduled", "LessonRequestLapsed", "LessonAccepted"]);
  });

  it("declined with cancel as fallback: the lesson is cancelled, the credit back and the hour free again", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const start = saoPauloTime(3, 17);
    const { id } = (await request(student, teacher, start, "CANCEL")).json();
    const declined = await answerRequest(test.app, teacher, id, "decline");
    expect(declined.json()).toMatchObject({ id, status: "DECLINED", fallback: "CANCEL" });
    expect(await lessonEventTypes(test.app, id)).toEqual(["LessonScheduled", "LessonRequestLapsed", "LessonCancelled"]);
    expect(await balanceOf(test, student)).toBe(1);
    const { rows } = await test.db.query<{ status: string }>("select status from lesson_schedulings where id = $1", [
      id,
    ]);
    expect(rows[0]?.status).toBe("cancelled");
    expect((await request(student, teacher, start)).statusCode).toBe(201);
  });

  it("cancelled by its student before the answer: it leaves both lists and can no longer be answered", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const { id } = (await request(student, teacher)).json();
    const cancel = await test.app.inject({ method: "DELETE", url: `/api/schedulings/${id}`, headers: student.auth });
    expect(cancel.json()).toEqual({ id, refunded: true });
    expect((await requestsOf(test.app, teacher)).json()).toEqual([]);
    expect((await requestsOf(test.app, student)).json()).toEqual([]);
    expect((await answerRequest(test.app, teacher, id, "accept")).statusCode).toBe(409);
    expect((await answerRequest(test.app, teacher, id, "decline")).json().message).toBe(lessonErrors.cancelled);
  });
});
