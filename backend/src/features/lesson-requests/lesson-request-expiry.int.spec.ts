import { lessonRequestErrors } from "@el/domain/lessons/lesson-request-decisions";
import { lessonRequestsDue } from "@el/projections/lesson-requests/index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { createTestDatabaseUrl } from "../../../test/databases";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";
import { sweepLessonRequestsDue } from "./lesson-request-expiry";
import { answerRequest, balanceOf, lessonEventTypes, requestsOf, requestTeacher } from "./lesson-request-fixtures";

const HOUR = 3_600_000;
/** Just past the teacher's 12 hours to answer a request made at the clocks' start. */
const PAST_EXPIRY = 12 * HOUR + 60_000;

/** What the late backend wrote, once the early one's read models show it (either may run a projector). */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });
/** How long a push may take on a machine shared with other test runs. */
const PUSH_MS = 20_000;
/** How long a case may take on such a machine: each makes people, lessons and several round trips. */
const CASE_MS = 120_000;

/**
 * Two backends on one PostgreSQL database, as in production: `early` still inside the teacher's time to answer,
 * `late` past it, each with its sweep run by the spec at the moments it chooses.
 */
describe("requests whose time to answer is over", () => {
  const earlyClock = movableClock();
  const lateClock = movableClock(new Date(earlyClock.now().getTime() + PAST_EXPIRY));
  let early: TestApp;
  let late: TestApp;
  let trailId: number;
  let url: string;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const env = { LESSON_REQUEST_INTERVAL_MS: String(HOUR) };
    early = await createTestApp({ databaseUrl, env, overrides: { clock: earlyClock } });
    late = await createTestApp({ databaseUrl, env, overrides: { clock: lateClock } });
    trailId = (await aTrail(early.app)).id;
    url = await listen(early.app);
  }, 120_000);
  afterAll(async () => {
    disconnectAll();
    await late?.close();
    await early?.close();
  });

  const request = async (
    student: Person,
    teacher: Person,
    fallback: "BOARD" | "CANCEL",
    start = saoPauloTime(3, 10),
  ) => {
    const response = await requestTeacher(early.app, student, teacher.id, { start, trailId, fallback });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  /** The late backend's sweep, once its read model lists every one of `lessonIds` as due. */
  const sweepLate = async (...lessonIds: number[]) => {
    await eventually(async () =>
      expect(await lessonRequestsDue(late.app.db, lateClock.now())).toEqual(expect.arrayContaining(lessonIds)),
    );
    return sweepLessonRequestsDue(late.app);
  };

  it(
    "tells the teacher asked live, and leaves a request alone before its time",
    async () => {
      const [student, teacher] = [await givenStudent(early.app, { credits: 1 }), await givenTeacher(early.app)];
      const socket = connect(url, teacher.token);
      await connected(socket);
      const pushed = next(socket, "lesson:requested", () => true, PUSH_MS);
      const id = await request(student, teacher, "BOARD");
      expect(await pushed).toMatchObject({ lesson: { id, student: { id: student.id } } });
      expect(await sweepLessonRequestsDue(early.app)).toBe(0);
      expect(await lessonEventTypes(early.app, id)).toEqual(["LessonScheduled"]);
    },
    CASE_MS,
  );

  it(
    "puts an expired request with the board as fallback on the board, telling the student live",
    async () => {
      const [student, teacher, other] = [
        await givenStudent(early.app, { credits: 1 }),
        await givenTeacher(early.app),
        await givenTeacher(early.app),
      ];
      const socket = connect(url, student.token);
      await connected(socket);
      const id = await request(student, teacher, "BOARD");
      const answered = next(socket, "lesson-request:answered", (payload) => payload.lessonId === id, PUSH_MS);
      expect(await sweepLate(id)).toBeGreaterThanOrEqual(1);
      expect(await answered).toEqual({ lessonId: id, status: "EXPIRED", fallback: "BOARD" });
      expect(await lessonEventTypes(early.app, id)).toEqual(["LessonScheduled", "LessonRequestLapsed"]);
      await eventually(async () =>
        expect((await requestsOf(early.app, student)).json()).toMatchObject([
          { id, status: "EXPIRED", fallback: "BOARD" },
        ]),
      );
      // Too late for the teacher asked, though their own clock may not say so yet; any teacher may claim it now.
      const refused = await answerRequest(early.app, teacher, id, "accept");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(lessonRequestErrors.expired);
      const claim = await early.app.inject({
        method: "POST",
        url: "/api/lessons",
        headers: other.auth,
        payload: { schedulingId: id },
      });
      expect(claim.statusCode).toBe(201);
      expect(await balanceOf(early, student)).toBe(0);
    },
    CASE_MS,
  );

  it(
    "cancels an expired request with cancel as fallback, giving the credit back",
    async () => {
      const [student, teacher] = [await givenStudent(early.app, { credits: 1 }), await givenTeacher(early.app)];
      const id = await request(student, teacher, "CANCEL", saoPauloTime(3, 11));
      await sweepLate(id);
      expect(await lessonEventTypes(early.app, id)).toEqual([
        "LessonScheduled",
        "LessonRequestLapsed",
        "LessonCancelled",
      ]);
      await eventually(async () => expect(await balanceOf(early, student)).toBe(1));
      await eventually(async () =>
        expect((await requestsOf(early.app, teacher)).json()[0]).toMatchObject({ id, status: "EXPIRED" }),
      );
      const declined = await answerRequest(early.app, teacher, id, "decline");
      expect(declined.json().message).toBe(lessonRequestErrors.expired);
    },
    CASE_MS,
  );

  it(
    "lapses a request once when both backends sweep it at once",
    async () => {
      const [student, teacher] = [await givenStudent(early.app, { credits: 2 }), await givenTeacher(early.app)];
      const ids = [
        await request(student, teacher, "CANCEL", saoPauloTime(4, 9)),
        await request(student, teacher, "CANCEL", saoPauloTime(4, 10)),
      ];
      earlyClock.moveBy(PAST_EXPIRY);
      try {
        await eventually(async () =>
          expect(await lessonRequestsDue(early.app.db, earlyClock.now())).toEqual(expect.arrayContaining(ids)),
        );
        await Promise.all([sweepLate(...ids), sweepLessonRequestsDue(early.app)]);
      } finally {
        earlyClock.moveBy(-PAST_EXPIRY);
      }
      for (const id of ids)
        expect(await lessonEventTypes(early.app, id)).toEqual([
          "LessonScheduled",
          "LessonRequestLapsed",
          "LessonCancelled",
        ]);
      await eventually(async () => expect(await balanceOf(early, student)).toBe(2));
    },
    CASE_MS,
  );

  it(
    "the teacher accepting as the late backend's sweep expires it: one outcome, never both",
    async () => {
      const teacher = await givenTeacher(early.app);
      const students = await Promise.all(Array.from({ length: 6 }, () => givenStudent(early.app, { credits: 1 })));
      const ids: number[] = [];
      for (const [index, student] of students.entries())
        ids.push(await request(student, teacher, "CANCEL", saoPauloTime(5, 8 + 2 * index)));
      await eventually(async () =>
        expect(await lessonRequestsDue(late.app.db, lateClock.now())).toEqual(expect.arrayContaining(ids)),
      );
      const [answers] = await Promise.all([
        Promise.all(ids.map((id) => answerRequest(early.app, teacher, id, "accept"))),
        sweepLessonRequestsDue(late.app),
      ]);
      for (const [index, id] of ids.entries()) {
        const types = await lessonEventTypes(early.app, id);
        const answer = answers[index];
        if (answer?.statusCode === 200) {
          expect(types).toEqual(["LessonScheduled", "LessonAccepted"]);
          expect(await balanceOf(early, students[index] as Person)).toBe(0);
        } else {
          expect(answer?.statusCode).toBe(409);
          expect(answer?.json().message).toBe(lessonRequestErrors.expired);
          expect(types).toEqual(["LessonScheduled", "LessonRequestLapsed", "LessonCancelled"]);
          await eventually(async () => expect(await balanceOf(early, students[index] as Person)).toBe(1));
        }
      }
    },
    CASE_MS,
  );
});
