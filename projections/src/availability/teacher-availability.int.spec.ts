import { type TeacherEvent, teacherStreams } from "@el/domain/accounts/teacher-account";
import {
  type AvailabilityEvent,
  availabilityStreams,
  type TeacherAvailability,
} from "@el/domain/directory/availability";
import { type TeacherSlotEvent, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { afterAll, describe, expect, it } from "vitest";
import { batchComparisons } from "../testing/lesson-history";
import { on, projectionSpec, recordAll } from "../testing/projection-spec";
import { availabilityOf, freeStartsOf, nextFreeStartsOf, rollFreeStartsForward } from "./availability-queries";
import { teacherAvailabilityProjector } from "./teacher-availability";

const BRUNO = 1002;
const CARLA = 1003;
/** Tuesday the 1st of December 2026, 09:00 in São Paulo (UTC-3). */
const SAVED_AT = "2026-12-01T12:00:00.000Z";
const tuesdayEvenings: TeacherAvailability = { weekly: [{ dayOfWeek: 2, start: "18:00", end: "21:00" }], daysOff: [] };

const saved = (teacherId: number, availability: TeacherAvailability, at = SAVED_AT) =>
  on(
    availabilityStreams.id(teacherId),
    { type: "TeacherAvailabilityChanged", data: { ...availability, by: teacherId, at } } satisfies AvailabilityEvent,
    at,
  );
const slot = (teacherId: number, halfHour: string, event: TeacherSlotEvent) =>
  on(teacherSlotStreams.id({ teacherId, startsAt: halfHour }), event, SAVED_AT);
const reserved = (teacherId: number, halfHour: string, lessonId: number) =>
  slot(teacherId, halfHour, { type: "TeacherSlotReserved", data: { teacherId, lessonId } });
const released = (teacherId: number, halfHour: string, lessonId: number) =>
  slot(teacherId, halfHour, { type: "TeacherSlotReleased", data: { teacherId, lessonId } });

const day = (date: string) => ({
  from: new Date(`${date}T03:00:00Z`),
  to: new Date(Date.parse(`${date}T03:00:00Z`) + 86_400_000),
});
const tuesdayStarts = (date: string, clocks: string[]) => clocks.map((clock) => `${date}T${clock}:00-03:00`);
const NOW = new Date(SAVED_AT);

describe("teacher-availability read model", () => {
  const spec = projectionSpec(teacherAvailabilityProjector);
  afterAll(() => spec.close());

  it("answers the availability as saved, and none for a teacher who never saved one", () =>
    spec
      .given()
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        expect(await availabilityOf(sql, BRUNO)).toEqual(tuesdayEvenings);
        expect(await availabilityOf(sql, CARLA)).toEqual({ weekly: [], daysOff: [] });
        expect(await freeStartsOf(sql, CARLA, { ...day("2026-12-01"), now: NOW })).toEqual([]);
      }));

  it("lists every start whose hour fits in a window, in São Paulo time", () =>
    spec
      .given()
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now: NOW })).toEqual(
          tuesdayStarts("2026-12-01", ["18:00", "18:30", "19:00", "19:30", "20:00"]),
        );
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-02"), now: NOW })).toEqual([]);
      }));

  it("leaves out the starts whose hour holds a reserved half hour", () =>
    spec
      .given(saved(BRUNO, tuesdayEvenings))
      .when(reserved(BRUNO, "2026-12-01T22:00Z", 7), reserved(BRUNO, "2026-12-01T22:30Z", 7))
      .then(async ({ sql }) => {
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now: NOW })).toEqual(
          tuesdayStarts("2026-12-01", ["18:00", "20:00"]),
        );
      }));

  it("gives the starts back when the half hours are released", () =>
    spec
      .given(
        saved(BRUNO, tuesdayEvenings),
        reserved(BRUNO, "2026-12-01T22:00Z", 7),
        reserved(BRUNO, "2026-12-01T22:30Z", 7),
      )
      .when(released(BRUNO, "2026-12-01T22:00Z", 7), released(BRUNO, "2026-12-01T22:30Z", 7))
      .then(async ({ sql }) => {
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now: NOW })).toEqual(
          tuesdayStarts("2026-12-01", ["18:00", "18:30", "19:00", "19:30", "20:00"]),
        );
      }));

  it("keeps busy half hours reserved before the availability was saved", () =>
    spec
      .given(reserved(BRUNO, "2026-12-01T21:00Z", 8))
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now: NOW })).toEqual(
          tuesdayStarts("2026-12-01", ["18:30", "19:00", "19:30", "20:00"]),
        );
      }));

  it("answers only the starts at least two hours after now", () =>
    spec
      .given()
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        const now = new Date("2026-12-01T20:30:00Z"); // 17:30 in São Paulo
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now })).toEqual(
          tuesdayStarts("2026-12-01", ["19:30", "20:00"]),
        );
      }));

  it("has no starts on a day off", () =>
    spec
      .given()
      .when(saved(BRUNO, { ...tuesdayEvenings, daysOff: ["2026-12-08"] }))
      .then(async ({ sql }) => {
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-08"), now: NOW })).toEqual([]);
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-15"), now: NOW })).toHaveLength(5);
      }));

  it("stores 21 days of starts and computes those of a longer range from the availability", () =>
    spec
      .given()
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        const { rows } = await sql.query<{ n: number }>(
          "select count(*)::int as n from teacher_free_starts where teacher_id = $1",
          [BRUNO],
        );
        expect(rows[0]?.n).toBe(15); // the 1st, 8th and 15th; the 22nd's evening is past 21 days
        const month = await freeStartsOf(sql, BRUNO, {
          from: new Date("2026-12-01T03:00:00Z"),
          to: new Date("2026-12-31T03:00:00Z"),
          now: NOW,
        });
        expect(month).toHaveLength(25);
        expect(month.slice(15, 17)).toEqual(tuesdayStarts("2026-12-22", ["18:00", "18:30"]));
      }));

  it("answers each teacher's first free starts after the notice", () =>
    spec
      .given()
      .when(
        saved(BRUNO, tuesdayEvenings),
        saved(CARLA, { weekly: [{ dayOfWeek: 3, start: "07:00", end: "08:30" }], daysOff: [] }),
        reserved(BRUNO, "2026-12-01T21:00Z", 9),
      )
      .then(async ({ sql }) => {
        const next = await nextFreeStartsOf(sql, [BRUNO, CARLA, 4040], NOW, 2);
        expect(Object.fromEntries(next)).toEqual({
          [BRUNO]: tuesdayStarts("2026-12-01", ["18:30", "19:00"]),
          [CARLA]: ["2026-12-02T07:00:00-03:00", "2026-12-02T07:30:00-03:00"],
        });
      }));

  it("forgets a teacher whose personal data was erased", () =>
    spec
      .given(saved(BRUNO, tuesdayEvenings), reserved(BRUNO, "2026-12-01T22:00Z", 7))
      .when(
        on(teacherStreams.id(BRUNO), {
          type: "PersonalDataErased",
          data: { by: "titular", at: SAVED_AT, lessons: [] },
        } satisfies TeacherEvent),
      )
      .then(async ({ sql }) => {
        expect(await availabilityOf(sql, BRUNO)).toEqual({ weekly: [], daysOff: [] });
        expect(await freeStartsOf(sql, BRUNO, { ...day("2026-12-01"), now: NOW })).toEqual([]);
        expect((await nextFreeStartsOf(sql, [BRUNO], NOW, 3)).size).toBe(0);
        const { rows } = await sql.query("select * from teacher_busy where teacher_id = $1", [BRUNO]);
        expect(rows).toEqual([]);
      }));

  it("rolls the starts forward so they cover three weeks from the sweep's now", () =>
    spec
      .given()
      .when(saved(BRUNO, tuesdayEvenings))
      .then(async ({ sql }) => {
        const db = { ...sql, transaction: <T>(work: (tx: typeof sql) => Promise<T>) => work(sql) };
        const tenDaysLater = new Date("2026-12-11T12:00:00Z");
        expect(await rollFreeStartsForward(db, new Date("2026-12-01T13:00:00Z"))).toBe(0);
        expect(await rollFreeStartsForward(db, tenDaysLater)).toBe(1);
        const { rows } = await sql.query<{ first: Date; last: Date }>(
          "select min(starts_at) as first, max(starts_at) as last from teacher_free_starts where teacher_id = $1",
          [BRUNO],
        );
        expect(new Date(rows[0]?.first ?? 0).toISOString()).toBe("2026-12-15T21:00:00.000Z");
        expect(new Date(rows[0]?.last ?? 0).toISOString()).toBe("2026-12-29T23:00:00.000Z");
      }));
});

describe("teacher-availability applied in batches", () => {
  const compare = batchComparisons();
  const tables = teacherAvailabilityProjector.tables;
  const rowsIn = async (db: Parameters<Parameters<typeof compare>[3]>[0], schema: string) =>
    Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => [
          table,
          (await db.query(`select * from ${schema}.${table} as row order by row::text`)).rows,
        ]),
      ),
    );
  const history = recordAll(
    [
      saved(BRUNO, tuesdayEvenings),
      reserved(BRUNO, "2026-12-01T22:00Z", 7),
      reserved(BRUNO, "2026-12-01T22:30Z", 7),
      saved(CARLA, { weekly: [{ dayOfWeek: 3, start: "07:00", end: "12:00" }], daysOff: ["2026-12-09"] }),
      reserved(CARLA, "2026-12-02T10:00Z", 8),
      released(BRUNO, "2026-12-01T22:00Z", 7),
      released(BRUNO, "2026-12-01T22:30Z", 7),
      saved(BRUNO, { ...tuesdayEvenings, daysOff: ["2026-12-15"] }),
      reserved(BRUNO, "2026-12-08T21:00Z", 9),
    ].map((event, n) => ({ ...event, at: new Date(Date.parse(SAVED_AT) + n * 5 * 60 * 60 * 1000).toISOString() })),
  );

  it.each([2, 4, 100])("leaves the rows one event at a time leaves (batches of %i)", async (batchSize) => {
    const { one, batched } = await compare(teacherAvailabilityProjector, history, batchSize, rowsIn);
    expect((one as Record<string, unknown[]>).teacher_free_starts?.length).toBeGreaterThan(10);
    expect(batched).toEqual(one);
  });
});
