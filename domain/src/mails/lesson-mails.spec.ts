import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  type LessonMailEvent,
  lessonMailDecider,
  MAX_MAIL_ATTEMPTS,
  mailPreferencesDecider,
  mailsOnAcceptance,
  mailsOnCancellation,
  mailsOnTeacherRemoval,
  timesAfterMove,
  topicOf,
} from "./lesson-mails";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const now = new Date("2026-11-24T12:00:00.000Z");
const sent = (kind: "accepted" | "reminder-1h", recipientId: number): LessonMailEvent => ({
  type: "LessonMailSent",
  data: { kind, recipientId, at: "2026-11-24T11:00:00.000Z" },
});
const failed = (recipientId: number): LessonMailEvent => ({
  type: "LessonMailFailed",
  data: { kind: "accepted", recipientId, at: "2026-11-24T11:00:01.000Z" },
});

describe("what a lesson sends, and when", () => {
  it("plans, for a lesson accepted days ahead, the acceptance to the student and both reminders and feedback requests to both", () => {
    const planned = mailsOnAcceptance("2026-12-01T13:00:00.000Z", "2026-11-24T12:00:00.000Z");
    expect(planned.map((mail) => [mail.kind, mail.to, new Date(mail.dueAt).toISOString()])).toEqual([
      ["accepted", "student", "2026-11-24T12:00:00.000Z"],
      ["reminder-24h", "student", "2026-11-30T13:00:00.000Z"],
      ["reminder-24h", "teacher", "2026-11-30T13:00:00.000Z"],
      ["reminder-1h", "student", "2026-12-01T12:00:00.000Z"],
      ["reminder-1h", "teacher", "2026-12-01T12:00:00.000Z"],
      ["feedback-request", "student", "2026-12-01T15:00:00.000Z"],
      ["feedback-request", "teacher", "2026-12-01T15:00:00.000Z"],
    ]);
    // No reminder is worth sending once the lesson has begun.
    for (const mail of planned.filter((one) => one.kind.startsWith("reminder")))
      expect(mail.expiresAt).toBeLessThanOrEqual(at("2026-12-01T13:00:00.000Z"));
  });

  it("sends no reminder whose moment had passed when the lesson was accepted", () => {
    const tomorrowMorning = mailsOnAcceptance("2026-11-25T09:00:00.000Z", "2026-11-24T12:00:00.000Z");
    expect(tomorrowMorning.map((mail) => mail.kind)).not.toContain("reminder-24h");
    expect(tomorrowMorning.map((mail) => mail.kind)).toContain("reminder-1h");
  });

  it("given a lesson accepted less than an hour before it starts, then its reminder goes at once, to both, until it starts", () => {
    const inHalfAnHour = mailsOnAcceptance("2026-11-24T12:30:00.000Z", "2026-11-24T12:00:00.000Z");
    expect(inHalfAnHour.map((mail) => [mail.kind, mail.to, new Date(mail.dueAt).toISOString()])).toEqual([
      ["accepted", "student", "2026-11-24T12:00:00.000Z"],
      ["reminder-1h", "student", "2026-11-24T12:00:00.000Z"],
      ["reminder-1h", "teacher", "2026-11-24T12:00:00.000Z"],
      ["feedback-request", "student", "2026-11-24T14:30:00.000Z"],
      ["feedback-request", "teacher", "2026-11-24T14:30:00.000Z"],
    ]);
    expect(inHalfAnHour.find((mail) => mail.kind === "reminder-1h")?.expiresAt).toBe(at("2026-11-24T12:30:00.000Z"));
  });

  it("given a lesson cancelled by its student's erasure, then only the teacher is told; a teacher's removal is told to the student", () => {
    expect(mailsOnCancellation("2026-11-24T12:00:00.000Z", true, true).map((mail) => mail.to)).toEqual(["teacher"]);
    expect(mailsOnCancellation("2026-11-24T12:00:00.000Z", false, true)).toEqual([]);
    expect(mailsOnTeacherRemoval("2026-11-24T12:00:00.000Z")).toEqual([
      {
        kind: "teacher-removed",
        to: "student",
        dueAt: at("2026-11-24T12:00:00.000Z"),
        expiresAt: at("2026-11-24T18:00:00.000Z"),
      },
    ]);
    expect(topicOf("teacher-removed")).toBe("accepted");
  });

  it("moves reminders and feedback requests with the lesson, and tells both of a cancellation", () => {
    expect(timesAfterMove("reminder-1h", "2026-12-02T13:00:00.000Z")?.dueAt).toBe(at("2026-12-02T12:00:00.000Z"));
    expect(timesAfterMove("feedback-request", "2026-12-02T13:00:00.000Z")?.dueAt).toBe(at("2026-12-02T15:00:00.000Z"));
    expect(timesAfterMove("accepted", "2026-12-02T13:00:00.000Z")).toBeNull();
    expect(mailsOnCancellation("2026-11-24T12:00:00.000Z", true).map((mail) => mail.to)).toEqual([
      "student",
      "teacher",
    ]);
    expect(mailsOnCancellation("2026-11-24T12:00:00.000Z", false).map((mail) => mail.to)).toEqual(["student"]);
    expect(mailsOnCancellation("2026-11-24T12:00:00.000Z", false)[0]?.expiresAt).toBe(
      at("2026-11-24T12:00:00.000Z") + 6 * HOUR,
    );
  });

  it("groups the e-mails into the topics a person can turn off", () => {
    expect(
      ["accepted", "cancelled", "reminder-24h", "reminder-1h", "feedback-request"].map((kind) =>
        topicOf(kind as never),
      ),
    ).toEqual(["accepted", "cancelled", "reminders", "reminders", "feedback"]);
  });
});

describe("sending each e-mail once", () => {
  const given = specFor(lessonMailDecider);

  it("lets one claim through, and none after it", () => {
    given([])
      .when({ type: "ClaimMail", kind: "accepted", recipientId: 7, now })
      .then([{ type: "LessonMailSent", data: { kind: "accepted", recipientId: 7, at: now.toISOString() } }]);
    given([sent("accepted", 7)])
      .when({ type: "ClaimMail", kind: "accepted", recipientId: 7, now })
      .then([]);
    // Another e-mail of the same lesson is its own claim.
    given([sent("accepted", 7)])
      .when({ type: "ClaimMail", kind: "reminder-1h", recipientId: 7, now })
      .then([{ type: "LessonMailSent", data: { kind: "reminder-1h", recipientId: 7, at: now.toISOString() } }]);
  });

  it("tries a failed send again, up to the limit, and reports only what was claimed", () => {
    given([sent("accepted", 7), failed(7)])
      .when({ type: "ClaimMail", kind: "accepted", recipientId: 7, now })
      .then([{ type: "LessonMailSent", data: { kind: "accepted", recipientId: 7, at: now.toISOString() } }]);
    const exhausted = Array.from({ length: MAX_MAIL_ATTEMPTS }, () => [sent("accepted", 7), failed(7)]).flat();
    given(exhausted).when({ type: "ClaimMail", kind: "accepted", recipientId: 7, now }).then([]);
    given([]).when({ type: "ReportMailFailure", kind: "accepted", recipientId: 7, now }).then([]);
  });
});

describe("mail preferences", () => {
  const given = specFor(mailPreferencesDecider);
  it("records the topics turned off, in a fixed order, and nothing when they do not change", () => {
    given([])
      .when({ type: "SetMailPreferences", off: ["reminders", "accepted", "reminders"] })
      .then([{ type: "MailPreferencesChanged", data: { off: ["accepted", "reminders"] } }]);
    given([{ type: "MailPreferencesChanged", data: { off: ["accepted", "reminders"] } }])
      .when({ type: "SetMailPreferences", off: ["reminders", "accepted"] })
      .then([]);
    given([{ type: "MailPreferencesChanged", data: { off: ["reminders"] } }])
      .when({ type: "SetMailPreferences", off: [] })
      .then([{ type: "MailPreferencesChanged", data: { off: [] } }]);
  });
});
