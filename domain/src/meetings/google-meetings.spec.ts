import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  calendarEventIdOf,
  googleCalendarDecider,
  type LessonMeetingEvent,
  lessonMeetingDecider,
  MAX_MEETING_ATTEMPTS,
  MEETING_CLAIM_LEASE_MS,
  meetingRetryDelayMs,
} from "./google-meetings";

const now = new Date("2026-11-24T12:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const teacherId = 7;
const given = specFor(lessonMeetingDecider);
const claimed = (action: "create" | "move" | "delete", at = now): LessonMeetingEvent => ({
  type: "MeetingClaimed",
  data: { action, teacherId, at: at.toISOString() },
});
const failed = (action: "create" | "move" | "delete"): LessonMeetingEvent => ({
  type: "MeetingAttemptFailed",
  data: { action, teacherId, at: now.toISOString() },
});
const created: LessonMeetingEvent = {
  type: "MeetingCreated",
  data: { teacherId, calendarEventId: "englishlesson1t7", meetUrl: "https://meet.google.com/abc-defg-hij", at: "x" },
};

describe("a lesson's Google Calendar event", () => {
  it("lets one process claim the creation, and nobody else while the claim holds", () => {
    given([])
      .when({ type: "ClaimMeeting", action: "create", teacherId, now })
      .then([claimed("create")]);
    given([claimed("create")])
      .when({ type: "ClaimMeeting", action: "create", teacherId, now: later(1000) })
      .then([]);
  });

  it("lets the work be claimed again once a claim is older than its lease (its process died)", () => {
    const after = later(MEETING_CLAIM_LEASE_MS + 1);
    given([claimed("create")])
      .when({ type: "ClaimMeeting", action: "create", teacherId, now: after })
      .then([claimed("create", after)]);
  });

  it("gives up after the last attempt failed, so the lesson keeps its Jitsi link", () => {
    const history = Array.from({ length: MAX_MEETING_ATTEMPTS }, () => [claimed("create"), failed("create")]).flat();
    given(history)
      .when({ type: "ClaimMeeting", action: "create", teacherId, now: later(1) })
      .then([]);
    given(history.slice(0, -2))
      .when({ type: "ClaimMeeting", action: "create", teacherId, now: later(1) })
      .then([claimed("create", later(1))]);
  });

  it("records the event made once, and creates nothing more for it", () => {
    given([claimed("create"), created])
      .when({ type: "RecordMeetingCreated", teacherId, calendarEventId: "other", meetUrl: "https://x.test/", now })
      .then([]);
    given([claimed("create"), created])
      .when({ type: "ClaimMeeting", action: "create", teacherId, now })
      .then([]);
  });

  it("deletes only an event that was made, once", () => {
    given([]).when({ type: "ClaimMeeting", action: "delete", teacherId, now }).then([]);
    given([created])
      .when({ type: "ClaimMeeting", action: "delete", teacherId, now })
      .then([claimed("delete")]);
    given([created, claimed("delete")])
      .when({ type: "RecordMeetingDeleted", teacherId, now })
      .then([
        {
          type: "MeetingDeleted",
          data: { teacherId, calendarEventId: "englishlesson1t7", at: now.toISOString() },
        },
      ]);
    given([created, { type: "MeetingDeleted", data: { teacherId, calendarEventId: "englishlesson1t7", at: "x" } }])
      .when({ type: "ClaimMeeting", action: "delete", teacherId, now })
      .then([]);
  });

  it("moves only an event that was made and not deleted, and tries a later move afresh", () => {
    given([]).when({ type: "ClaimMeeting", action: "move", teacherId, now }).then([]);
    given([created])
      .when({ type: "ClaimMeeting", action: "move", teacherId, now })
      .then([claimed("move")]);
    const failedMoves = Array.from({ length: MAX_MEETING_ATTEMPTS }, () => [claimed("move"), failed("move")]).flat();
    given([created, ...failedMoves])
      .when({ type: "ClaimMeeting", action: "move", teacherId, now })
      .then([]);
    const moved: LessonMeetingEvent = {
      type: "MeetingMoved",
      data: { teacherId, date: "2026-12-02T13:00:00.000Z", at: now.toISOString() },
    };
    given([created, ...failedMoves, moved])
      .when({ type: "ClaimMeeting", action: "move", teacherId, now: later(1) })
      .then([claimed("move", later(1))]);
  });

  it("waits longer after each failure", () => {
    expect([1, 2, 3].map(meetingRetryDelayMs)).toEqual([30_000, 120_000, 480_000]);
  });

  it("names the calendar event with characters Google accepts in a client-chosen id (base32hex)", () => {
    expect(calendarEventIdOf(123, 45)).toMatch(/^[a-v0-9]{5,1024}$/);
  });
});

describe("a teacher's calendar connection", () => {
  const connection = specFor(googleCalendarDecider);
  it("connects, and disconnects only what is connected", () => {
    connection([])
      .when({ type: "ConnectGoogleCalendar", now })
      .then([{ type: "GoogleCalendarConnected", data: { at: now.toISOString() } }]);
    connection([]).when({ type: "DisconnectGoogleCalendar", now }).then([]);
    connection([{ type: "GoogleCalendarConnected", data: { at: "x" } }])
      .when({ type: "DisconnectGoogleCalendar", now })
      .then([{ type: "GoogleCalendarDisconnected", data: { at: now.toISOString() } }]);
  });
});
