import { type TeacherEvent, teacherStreams } from "@el/domain/accounts/teacher-account";
import {
  type AvailabilityEvent,
  availabilityStreams,
  type TeacherAvailability,
} from "@el/domain/directory/availability";
import { type TeacherSlotEvent, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { afterAll, describe, expect, it } from "vitest";
import type { Sql } from "../sql";
import { on, projectionSpec } from "../testing/projection-spec";
import { rollFreeStartsForward } from "./availability-queries";
import { teacherAvailabilityProjector } from "./teacher-availability";

const BRUNO = 1002;
/** Tuesday the 1st of December 2026, 09:00 in São Paulo (UTC-3). */
const SAVED_AT = "2026-12-01T12:00:00.000Z";
const tuesdayEvenings: TeacherAvailability = { weekly: [{ dayOfWeek: 2, start: "18:00", end: "21:00" }], daysOff: [] };

const saved = (availability: TeacherAvailability, at = SAVED_AT) =>
  on(
    availabilityStreams.id(BRUNO),
    { type: "TeacherAvailabilityChanged", data: { ...availability, by: BRUNO, at } } satisfies AvailabilityEvent,
    at,
  );
const slot = (halfHour: string, event: TeacherSlotEvent) =>
  on(teacherSlotStreams.id({ teacherId: BRUNO, startsAt: halfHour }), event, SAVED_AT);
const reserved = (halfHour: string, lessonId: number) =>
  slot(halfHour, { type: "TeacherSlotReserved", data: { teacherId: BRUNO, lessonId } });
const released = (halfHour: string, lessonId: number) =>
  slot(halfHour, { type: "TeacherSlotReleased", data: { teacherId: BRUNO, lessonId } });

/** The first bookable start the availability's row keeps, as an ISO instant; null for none, undefined for no row. */
const nextFreeStart = async (sql: Sql) => {
  const { rows } = await sql.query<{ next_free_start: Date | string | null }>(
    "select next_free_start from teacher_availability where teacher_id = $1",
    [BRUNO],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.next_free_start === null ? null : new Date(row.next_free_start).toISOString();
};
const sweeper = (sql: Sql) => ({ ...sql, transaction: <T>(work: (tx: Sql) => Promise<T>) => work(sql) });

describe("teacher-availability keeps each teacher's first bookable start", () => {
  const spec = projectionSpec(teacherAvailabilityProjector);
  afterAll(() => spec.close());

  it("keeps the first start at least the notice after the availability was saved", () =>
    spec
      .given()
      .when(saved(tuesdayEvenings))
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBe("2026-12-01T21:00:00.000Z"); // 18:00 in São Paulo
      }));

  it("leaves out the starts within the notice of the save", () =>
    spec
      .given()
      .when(saved(tuesdayEvenings, "2026-12-01T20:30:00.000Z")) // 17:30 in São Paulo
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBe("2026-12-01T22:30:00.000Z");
      }));

  it("follows the availability when it changes", () =>
    spec
      .given(saved(tuesdayEvenings))
      .when(saved({ weekly: [{ dayOfWeek: 4, start: "07:00", end: "09:00" }], daysOff: [] }))
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBe("2026-12-03T10:00:00.000Z");
      }));

  it("keeps none once the availability has no window", () =>
    spec
      .given(saved(tuesdayEvenings))
      .when(saved({ weekly: [], daysOff: [] }))
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBeNull();
      }));

  it("moves past a start a booking takes", () =>
    spec
      .given(saved(tuesdayEvenings))
      .when(reserved("2026-12-01T21:00Z", 7), reserved("2026-12-01T21:30Z", 7))
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBe("2026-12-01T22:00:00.000Z");
      }));

  it("moves back when the booking lets its start go", () =>
    spec
      .given(saved(tuesdayEvenings), reserved("2026-12-01T21:00Z", 7), reserved("2026-12-01T21:30Z", 7))
      .when(released("2026-12-01T21:00Z", 7), released("2026-12-01T21:30Z", 7))
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBe("2026-12-01T21:00:00.000Z");
      }));

  it("is moved to the next stored start by the roll-forward once it is within the notice, the past starts forgotten", () =>
    spec
      .given()
      .when(saved(tuesdayEvenings))
      .then(async ({ sql }) => {
        await rollFreeStartsForward(sweeper(sql), new Date("2026-12-01T18:00:00.000Z"));
        expect(await nextFreeStart(sql)).toBe("2026-12-01T21:00:00.000Z");
        await rollFreeStartsForward(sweeper(sql), new Date("2026-12-01T20:00:00.000Z")); // 17:00 in São Paulo
        expect(await nextFreeStart(sql)).toBe("2026-12-01T22:00:00.000Z");
        await rollFreeStartsForward(sweeper(sql), new Date("2026-12-01T22:30:00.000Z"));
        expect(await nextFreeStart(sql)).toBe("2026-12-08T21:00:00.000Z");
        const { rows } = await sql.query<{ first: Date }>(
          "select min(starts_at) as first from teacher_free_starts where teacher_id = $1",
          [BRUNO],
        );
        expect(new Date(rows[0]?.first ?? 0).toISOString()).toBe("2026-12-01T22:30:00.000Z");
      }));

  it("goes with the row of a teacher whose personal data was erased", () =>
    spec
      .given(saved(tuesdayEvenings))
      .when(
        on(teacherStreams.id(BRUNO), {
          type: "PersonalDataErased",
          data: { by: "titular", at: SAVED_AT, lessons: [] },
        } satisfies TeacherEvent),
      )
      .then(async ({ sql }) => {
        expect(await nextFreeStart(sql)).toBeUndefined();
      }));
});
