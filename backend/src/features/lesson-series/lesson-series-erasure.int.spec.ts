import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { movableClock } from "../../../test/clock";
import { aTrail, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { readSeries } from "./series-commands";
import { sweepSeries } from "./series-sweep";

const DAY_MS = 24 * 60 * 60 * 1000;

/** LGPD: an erased student's weekly series book nothing more, as their lessons still to come are cancelled. */
describe("erasing a student with weekly series", () => {
  const clock = movableClock();
  let test: TestApp;
  let trailId: number;
  beforeAll(async () => {
    test = await createTestApp({ overrides: { clock } });
    trailId = (await aTrail(test.app)).id;
  }, 120_000);
  afterAll(() => test?.close());

  /** `hour`:00 in São Paulo, `days` days after the spec's clock. */
  const startIn = (days: number, hour: number) =>
    `${localDateOf(new Date(clock.now().getTime() + days * DAY_MS))}T${String(hour).padStart(2, "0")}:00:00-03:00`;
  const createSeries = async (student: Person, teacher: Person, hour: number) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/lesson-series",
      headers: student.auth,
      payload: { teacherId: teacher.id, start: startIn(3, hour), weeks: 6, trailId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LessonSeriesView>().id;
  };
  /** The lessons a series booked, from its own stream. */
  const lessonsOf = async (seriesId: number) =>
    (await test.app.eventStore.readStream(`lesson-series-${seriesId}`)).flatMap((event) =>
      event.type === "SeriesOccurrenceBooked" ? [(event.data as { lessonId: number }).lessonId] : [],
    );
  const statusOf = async (seriesId: number) => (await readSeries(test.app, seriesId)).status;

  it("cancels the active and the paused ones, and the sweep books no occurrence of theirs afterwards", async () => {
    const teacher = await givenTeacher(test.app);
    await givenAvailability(test.app, teacher);
    // Three credits: the first series books its two occurrences within two weeks, the second one and pauses.
    const student = await givenStudent(test.app, { credits: 3 });
    const active = await createSeries(student, teacher, 10);
    const paused = await createSeries(student, teacher, 14);
    await sweepSeries(test.app, paused);
    expect([await statusOf(active), await statusOf(paused)]).toEqual(["ACTIVE", "PAUSED"]);
    const booked = await lessonsOf(active);
    expect(booked).toHaveLength(2);

    const erased = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.login}/erase`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect([await statusOf(active), await statusOf(paused)]).toEqual(["CANCELLED", "CANCELLED"]);
    for (const lessonId of booked) {
      const types = (await test.app.eventStore.readStream(lessonStreams.id(lessonId))).map((event) => event.type);
      expect(types.at(-1)).toBe("LessonCancelled");
    }

    clock.moveBy(14 * DAY_MS);
    for (const seriesId of [active, paused]) {
      await sweepSeries(test.app, seriesId);
      const events = await test.app.eventStore.readStream(`lesson-series-${seriesId}`);
      expect(events.at(-1)?.type).toBe("LessonSeriesCancelled");
    }
  }, 120_000);
});
