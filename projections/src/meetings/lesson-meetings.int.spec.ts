import { type LessonEvent, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import {
  googleCalendarStreams,
  type LessonMeetingEvent,
  lessonMeetingStreams,
  MAX_MEETING_ATTEMPTS,
} from "@el/domain/meetings/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import {
  dueMeetingWork,
  googleCalendarConnectionOf,
  lessonMeetingRows,
  lessonMeetingsProjector,
} from "./lesson-meetings";

const bruno: PersonSnapshot = { id: 1002, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };
const lesson = (event: LessonEvent) => on(lessonStreams.id(2001), event);
const meeting = (event: LessonMeetingEvent) => on(lessonMeetingStreams.id(2001), event);
const connected = (teacher: PersonSnapshot) =>
  on(googleCalendarStreams.id(teacher.id), {
    type: "GoogleCalendarConnected",
    data: { at: "2026-11-20T12:00:00.000Z" },
  });
const acceptedAt = "2026-11-24T12:00:00.000Z";
const accepted = (teacher: PersonSnapshot) =>
  lesson({ type: "LessonAccepted", data: { teacher, meetUrl: "https://meet.jit.si/lesson-2001", acceptedAt } });
const created = meeting({
  type: "MeetingCreated",
  data: {
    teacherId: bruno.id,
    calendarEventId: "englishlesson2001t1002",
    meetUrl: "https://meet.google.com/abc-defg-hij",
    at: "2026-11-24T12:00:05.000Z",
  },
});
const cancelled = lesson({
  type: "LessonCancelled",
  data: { by: 1, role: "admin", refunded: true, at: "2026-11-25T12:00:00.000Z" },
});
const claimed = (action: "create" | "move" | "delete", at: string) =>
  meeting({ type: "MeetingClaimed", data: { action, teacherId: bruno.id, at } });
const failed = (action: "create" | "move" | "delete", at: string) =>
  meeting({ type: "MeetingAttemptFailed", data: { action, teacherId: bruno.id, at } });

describe("lesson-meetings read model", () => {
  const spec = projectionSpec(lessonMeetingsProjector);
  afterAll(() => spec.close());

  it("lists the calendar event to create once a connected teacher accepts, and nothing for one not connected", () =>
    spec
      .given(connected(bruno))
      .when(accepted(bruno))
      .then(async ({ sql }) => {
        expect(await googleCalendarConnectionOf(sql, bruno.id)).toBe("2026-11-20T12:00:00.000Z");
        expect(await googleCalendarConnectionOf(sql, carla.id)).toBeNull();
        expect(await dueMeetingWork(sql, new Date(acceptedAt))).toEqual([
          { lessonId: 2001, teacherId: bruno.id, action: "create", calendarEventId: null },
        ]);
      }));

  it("keeps a claimed call off the list until its lease ends, and a failed one until its wait ends", () =>
    spec
      .given(connected(bruno), accepted(bruno))
      .when(claimed("create", "2026-11-24T12:00:01.000Z"))
      .then(async ({ sql }) => {
        expect(await dueMeetingWork(sql, new Date("2026-11-24T12:01:00.000Z"))).toEqual([]);
        expect(await dueMeetingWork(sql, new Date("2026-11-24T12:02:02.000Z"))).toHaveLength(1);
      }));

  it("waits before trying again after a failure, and gives up after the last attempt", () =>
    spec
      .given(connected(bruno), accepted(bruno), claimed("create", acceptedAt))
      .when(failed("create", acceptedAt))
      .then(async ({ sql }) => {
        const [row] = await lessonMeetingRows(sql, 2001);
        expect(row).toMatchObject({ action: "create", failures: 1, nextAttemptAt: "2026-11-24T12:00:30.000Z" });
      }));

  it("drops the work once the attempts are spent: the lesson keeps its Jitsi link", () =>
    spec
      .given(connected(bruno), accepted(bruno))
      .when(
        ...Array.from({ length: MAX_MEETING_ATTEMPTS }, () => [
          claimed("create", acceptedAt),
          failed("create", acceptedAt),
        ]).flat(),
      )
      .then(async ({ sql }) => {
        expect(await lessonMeetingRows(sql, 2001)).toMatchObject([{ action: null, failures: MAX_MEETING_ATTEMPTS }]);
        expect(await dueMeetingWork(sql, new Date("2027-01-01T00:00:00.000Z"))).toEqual([]);
      }));

  it("lists the deletion of the calendar event when the lesson is cancelled", () =>
    spec
      .given(connected(bruno), accepted(bruno), created)
      .when(cancelled)
      .then(async ({ sql }) => {
        expect(await dueMeetingWork(sql, new Date("2026-11-25T12:00:00.000Z"))).toEqual([
          { lessonId: 2001, teacherId: bruno.id, action: "delete", calendarEventId: "englishlesson2001t1002" },
        ]);
      }));

  it("deletes an event made while the cancellation came in, and creates none for a lesson cancelled before", () =>
    spec
      .given(connected(bruno), accepted(bruno), claimed("create", acceptedAt), cancelled)
      .when(created)
      .then(async ({ sql }) => {
        expect(await lessonMeetingRows(sql, 2001)).toMatchObject([{ wanted: false, action: "delete" }]);
      }));

  it("moves the event to the new teacher's calendar when an administrator gives the lesson to them", () =>
    spec
      .given(connected(bruno), connected(carla), accepted(bruno), created)
      .when(
        lesson({
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/c",
            by: 1,
            at: "2026-11-25T12:00:00.000Z",
          },
        }),
      )
      .then(async ({ sql }) => {
        expect(await lessonMeetingRows(sql, 2001)).toMatchObject([
          { teacherId: bruno.id, action: "delete" },
          { teacherId: carla.id, action: "create" },
        ]);
      }));

  it("deletes the teacher's event when an administrator takes the lesson back from them", () =>
    spec
      .given(connected(bruno), accepted(bruno), created)
      .when(lesson({ type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-11-25T12:00:00.000Z" } }))
      .then(async ({ sql }) => {
        expect(await lessonMeetingRows(sql, 2001)).toMatchObject([
          { teacherId: bruno.id, wanted: false, action: "delete" },
        ]);
      }));

  it("forgets the work of a teacher who disconnected", () =>
    spec
      .given(connected(bruno), accepted(bruno))
      .when(
        on(googleCalendarStreams.id(bruno.id), {
          type: "GoogleCalendarDisconnected",
          data: { at: "2026-11-24T12:00:01.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await googleCalendarConnectionOf(sql, bruno.id)).toBeNull();
        expect(await dueMeetingWork(sql, new Date("2026-11-25T00:00:00.000Z"))).toEqual([]);
      }));

  it("forgets the connection and the work of a teacher whose account is erased", () =>
    spec
      .given(connected(bruno), accepted(bruno))
      .when(
        on(`teacher-${bruno.id}`, {
          type: "PersonalDataErased",
          data: { by: "admin", at: "2026-11-24T12:00:01.000Z", lessons: [2001] },
        }),
      )
      .then(async ({ sql }) => {
        expect(await googleCalendarConnectionOf(sql, bruno.id)).toBeNull();
        expect(await dueMeetingWork(sql, new Date("2026-11-25T00:00:00.000Z"))).toEqual([]);
      }));

  it("lists moving the event when its lesson is moved, done once the event starts at the newest start", () =>
    spec
      .given(connected(bruno), accepted(bruno), created)
      .when(
        lesson({
          type: "LessonMoved",
          data: { from: "x", date: "2026-12-02T13:00:00.000Z", by: 1, at: "2026-11-25T12:00:00.000Z" },
        }),
        claimed("move", "2026-11-25T12:00:01.000Z"),
        lesson({
          type: "LessonMoved",
          data: { from: "x", date: "2026-12-03T13:00:00.000Z", by: 1, at: "2026-11-25T12:00:02.000Z" },
        }),
        meeting({
          type: "MeetingMoved",
          data: { teacherId: bruno.id, date: "2026-12-02T13:00:00.000Z", at: "2026-11-25T12:00:03.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        // The second move came in while the first was being sent: it is still to do.
        expect(await dueMeetingWork(sql, new Date("2026-11-25T12:00:04.000Z"))).toEqual([
          { lessonId: 2001, teacherId: bruno.id, action: "move", calendarEventId: "englishlesson2001t1002" },
        ]);
      }));

  it("marks the event deleted", () =>
    spec
      .given(connected(bruno), accepted(bruno), created, cancelled, claimed("delete", "2026-11-25T12:00:01.000Z"))
      .when(
        meeting({
          type: "MeetingDeleted",
          data: { teacherId: bruno.id, calendarEventId: "englishlesson2001t1002", at: "2026-11-25T12:00:02.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await lessonMeetingRows(sql, 2001)).toMatchObject([{ action: null, deleted: true }]);
      }));
});
