import { type StudentEvent, studentStreams } from "@el/domain/accounts/index";
import { calendarFeedStreams } from "@el/domain/calendar/index";
import { afterAll, describe, expect, it } from "vitest";
import { usersProjector } from "../accounts/users/users-projector";
import { lessonSchedulingsProjector } from "../lessons/lesson-schedulings/lesson-schedulings-projector";
import { ana, bruno, lessonEvents } from "../testing/lesson-events";
import { on, projectionSpec } from "../testing/projection-spec";
import { calendarFeedOf, calendarFeedsProjector, calendarLessonsOf, calendarOwnerOf } from "./calendar-feeds";

const { scheduled, accepted, cancelled } = lessonEvents();

const registered = on(studentStreams.id(ana.id), {
  type: "StudentRegistered",
  data: {
    id: ana.id,
    login: "ana@example.com",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Souza",
    phone: "11 98888-7777",
    level: 2,
    objective: "TRAVEL",
    seen: "FRIENDS",
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    registeredAt: "2026-03-01T10:00:00.000Z",
  },
} satisfies StudentEvent);
const feed = (userId: number, digest: string) =>
  on(calendarFeedStreams.id(userId), {
    type: "CalendarFeedIssued",
    data: { tokenDigest: digest.repeat(64), issuedAt: "2026-03-02T10:00:00.000Z" },
  });
const revoked = (userId: number) =>
  on(calendarFeedStreams.id(userId), { type: "CalendarFeedRevoked", data: { revokedAt: "2026-03-03T10:00:00.000Z" } });

describe("calendar-feeds read model", () => {
  const spec = projectionSpec(usersProjector, lessonSchedulingsProjector, calendarFeedsProjector);
  afterAll(() => spec.close());

  it("opens a person's calendar by the digest last issued, and by none once revoked", () =>
    spec
      .given(registered, feed(ana.id, "a"))
      .when(feed(ana.id, "b"))
      .then(async ({ sql }) => {
        expect(await calendarOwnerOf(sql, "a".repeat(64))).toBeNull();
        expect(await calendarOwnerOf(sql, "b".repeat(64))).toEqual({ userId: ana.id, viewer: "student" });
        expect(await calendarFeedOf(sql, ana.id)).toEqual({ active: true, issuedAt: "2026-03-02T10:00:00.000Z" });
      }));

  it("forgets a revoked address", () =>
    spec
      .given(registered, feed(ana.id, "a"))
      .when(revoked(ana.id))
      .then(async ({ sql }) => {
        expect(await calendarOwnerOf(sql, "a".repeat(64))).toBeNull();
        expect(await calendarFeedOf(sql, ana.id)).toEqual({ active: false, issuedAt: null });
      }));

  it("lists a student's lessons from a date on, in order: waiting, accepted with its link, cancelled", () =>
    spec
      .given(
        registered,
        scheduled(2001, "2026-03-16T13:00:00.000Z"),
        scheduled(2002, "2026-03-10T13:00:00.000Z"),
        accepted(2002),
        scheduled(2003, "2026-03-12T13:00:00.000Z"),
        cancelled(2003),
        scheduled(2000, "2026-02-01T13:00:00.000Z"),
      )
      .then(async ({ sql }) => {
        const lessons = await calendarLessonsOf(sql, { userId: ana.id, viewer: "student" }, new Date("2026-03-01"));
        expect(lessons.map((one) => [one.id, one.status, one.teacherName, one.meetUrl])).toEqual([
          [2002, "accepted", "Bruno Lima", "https://meet.jit.si/lesson-2002"],
          [2003, "cancelled", null, null],
          [2001, "pending", null, null],
        ]);
        const taught = await calendarLessonsOf(sql, { userId: bruno.id, viewer: "teacher" }, new Date("2026-03-01"));
        expect(taught.map((one) => [one.id, one.studentName])).toEqual([[2002, "Ana Souza"]]);
      }));
});
