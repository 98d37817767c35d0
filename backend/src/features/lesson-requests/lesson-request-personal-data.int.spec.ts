import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { aTrail, givenStudent, givenTeacher, saoPauloTime } from "../../../test/lesson-fixtures";
import { expireLessonRequest } from "./lesson-request-commands";
import { answerRequest, requestTeacher } from "./lesson-request-fixtures";

/** Just past the teacher's 12 hours to answer a request made at the clock's start. */
const PAST_EXPIRY = 12 * 3_600_000 + 60_000;
/** How long the read models may take on a machine shared with other test runs. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

/** LGPD: the requests a teacher declined or let expire name them, though the lessons are no longer theirs. */
describe("the lessons requested of a teacher who declined them or let them expire", () => {
  const clock = movableClock();
  let test: TestApp;
  let trailId: number;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pg", overrides: { clock } });
    trailId = (await aTrail(test.app)).id;
  }, 120_000);
  afterAll(() => test?.close());

  it("are in the teacher's personal data download, and their name is gone from them once erased", async () => {
    const firstName = `Declinadora${Math.random().toString(36).slice(2, 8)}`;
    const [student, teacher] = [
      await givenStudent(test.app, { credits: 2 }),
      await givenTeacher(test.app, { firstName }),
    ];
    const requested = async (fallback: "BOARD" | "CANCEL", days: number) => {
      const response = await requestTeacher(test.app, student, teacher.id, {
        start: saoPauloTime(days, 10),
        trailId,
        fallback,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const declined = await requested("CANCEL", 3);
    const expired = await requested("BOARD", 4);
    expect((await answerRequest(test.app, teacher, declined, "decline")).statusCode).toBe(200);
    clock.moveBy(PAST_EXPIRY);
    expect(await expireLessonRequest(test.app, expired)).toBe(true);

    const streams = [`lesson-${declined}`, `lesson-${expired}`];
    await eventually(async () => {
      const exported = (
        await test.app.inject({ method: "GET", url: "/api/account/export", headers: teacher.auth })
      ).json();
      const lapses = exported.lessons.filter((event: { type: string }) => event.type === "LessonRequestLapsed");
      expect(lapses.map((event: { stream: string }) => event.stream).sort()).toEqual(streams.sort());
      expect(exported.events.filter((event: { type: string }) => event.type === "LessonScheduled")).toHaveLength(2);
    });

    const erased = await test.app.inject({
      method: "POST",
      url: `/api/users/${teacher.login}/erase`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const histories = await test.app.eventStore.readStreams(streams);
    for (const streamId of streams) {
      const [scheduled, ...rest] = histories[streamId] ?? [];
      expect(scheduled?.data).toMatchObject({
        student: { firstName: student.firstName },
        chosenTeacher: { teacher: { id: teacher.id, firstName: PERSON_REMOVED } },
      });
      expect(rest.find((event) => event.type === "LessonRequestLapsed")?.data).toMatchObject({
        teacher: { id: teacher.id, firstName: PERSON_REMOVED },
      });
    }
    const { rows } = await test.db.query<{ places: string }>(
      `select count(*)::int as places from es_events where stream_id = any($1::text[]) and data::text ilike $2`,
      [streams, `%${firstName}%`],
    );
    expect(rows[0]?.places).toBe(0);
  }, 120_000);
});
