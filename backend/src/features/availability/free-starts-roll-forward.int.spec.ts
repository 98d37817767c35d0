import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { rollFreeStartsForward } from "@el/projections/availability/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenTeacher } from "../../../test/lesson-fixtures";

const DAY = 24 * 60 * 60 * 1000;
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ driver: "pg" });
});
afterAll(() => test.close());

const freeStartsRange = async (teacherId: number) => {
  const { rows } = await test.db.query<{ first: Date | null; last: Date | null }>(
    "select min(starts_at) as first, max(starts_at) as last from teacher_free_starts where teacher_id = $1",
    [teacherId],
  );
  return {
    first: rows[0]?.first ? new Date(rows[0].first) : null,
    last: rows[0]?.last ? new Date(rows[0].last) : null,
  };
};

describe("the free starts' roll-forward on PostgreSQL", () => {
  it("moves a teacher's three weeks of free starts forward once they cover less than twenty days", async () => {
    const teacher = await givenTeacher(test.app);
    const saved = await test.app.inject({
      method: "PUT",
      url: "/api/teachers/me/availability",
      headers: teacher.auth,
      payload: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "10:00", end: "11:00" })),
        daysOff: [],
      },
    });
    expect(saved.statusCode).toBe(200);
    const before = await freeStartsRange(teacher.id);
    expect(before.last?.getTime()).toBeGreaterThan(Date.now() + 19 * DAY);

    const tenDaysLater = new Date(Date.now() + 10 * DAY);
    await rollFreeStartsForward(test.app.db, tenDaysLater);
    const after = await freeStartsRange(teacher.id);
    expect(after.first?.getTime()).toBeGreaterThanOrEqual(tenDaysLater.getTime());
    expect(after.last?.getTime()).toBeGreaterThan(tenDaysLater.getTime() + 19 * DAY);
    expect(localDateOf(after.last ?? new Date(0)) > localDateOf(before.last ?? new Date(0))).toBe(true);

    // Within the twenty days, a second run a moment later leaves it as it is.
    const { rows } = await test.db.query<{ free_until: Date }>(
      "select free_until from teacher_availability where teacher_id = $1",
      [teacher.id],
    );
    await rollFreeStartsForward(test.app.db, new Date(tenDaysLater.getTime() + 60_000));
    const { rows: again } = await test.db.query<{ free_until: Date }>(
      "select free_until from teacher_availability where teacher_id = $1",
      [teacher.id],
    );
    expect(again[0]?.free_until).toEqual(rows[0]?.free_until);
  });
});
