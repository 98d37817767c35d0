import { type LessonEvent, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { lessonMailStreams, mailPreferenceStreams } from "@el/domain/mails/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { lessonMailStates, lessonMailsProjector, mailPreferencesOf } from "./lesson-mails";

const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "Souza" };
const bruno: PersonSnapshot = { id: 1002, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };
const lesson = (event: LessonEvent) => on(lessonStreams.id(2001), event);
/** Monday 1 December 2026, 10:00 in São Paulo. */
const DATE = "2026-12-01T13:00:00.000Z";
const scheduledData = {
  id: 2001,
  student: ana,
  trail: { id: 10, number: 1, title: "Hello" },
  level: { id: 3, name: "Básico" },
  date: DATE,
  objective: "TRAVEL" as const,
  createdDate: "2026-11-20T12:00:00.000Z",
};
const scheduled = lesson({ type: "LessonScheduled", data: scheduledData });
const accepted = lesson({
  type: "LessonAccepted",
  data: { teacher: bruno, meetUrl: "https://meet.jit.si/lesson-2001", acceptedAt: "2026-11-24T12:00:00.000Z" },
});
const mailEvent = (type: "LessonMailSent" | "LessonMailFailed", kind: "accepted", recipientId: number) =>
  on(lessonMailStreams.id(2001), { type, data: { kind, recipientId, at: "2026-11-24T12:00:05.000Z" } });
const states = (rows: { kind: string; recipientId: number; state: string }[]) =>
  rows.map((row) => `${row.kind}:${row.recipientId}:${row.state}`);

describe("lesson-mails read model", () => {
  const spec = projectionSpec(lessonMailsProjector);
  afterAll(() => spec.close());

  it("lists, once a lesson is accepted, the acceptance, both reminders and the feedback requests as due", () =>
    spec
      .given(scheduled)
      .when(accepted)
      .then(async ({ sql }) => {
        expect(states(await lessonMailStates(sql, 2001))).toEqual([
          "accepted:1001:due",
          "reminder-24h:1001:due",
          "reminder-24h:1002:due",
          "reminder-1h:1001:due",
          "reminder-1h:1002:due",
          "feedback-request:1001:due",
          "feedback-request:1002:due",
        ]);
      }));

  it("marks a claimed e-mail sent, and a failed one due again until its attempts are spent", () =>
    spec
      .given(scheduled, accepted)
      .when(
        mailEvent("LessonMailSent", "accepted", ana.id),
        mailEvent("LessonMailFailed", "accepted", ana.id),
        mailEvent("LessonMailSent", "accepted", ana.id),
      )
      .then(async ({ sql }) => {
        expect(states(await lessonMailStates(sql, 2001))[0]).toBe("accepted:1001:sent");
      }));

  it("skips what was still to come when the lesson is cancelled, and tells the student and the teacher", () =>
    spec
      .given(scheduled, accepted, mailEvent("LessonMailSent", "accepted", ana.id))
      .when(
        lesson({
          type: "LessonCancelled",
          data: { by: ana.id, role: "student", refunded: true, at: "2026-11-25T12:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        const after = states(await lessonMailStates(sql, 2001));
        expect(after).toContain("accepted:1001:sent");
        expect(after).toContain("cancelled:1001:due");
        expect(after).toContain("cancelled:1002:due");
        expect(after.filter((row) => row.startsWith("reminder") || row.startsWith("feedback"))).toEqual(
          expect.arrayContaining(["reminder-1h:1001:skipped", "feedback-request:1002:skipped"]),
        );
        expect(after.filter((row) => row.endsWith(":due"))).toHaveLength(2);
      }));

  it("moves the reminders with the lesson, and gives the e-mails to come to a new teacher", () =>
    spec
      .given(scheduled, accepted)
      .when(
        lesson({
          type: "LessonMoved",
          data: { from: DATE, date: "2026-12-02T13:00:00.000Z", by: 1, at: "2026-11-25T12:00:00.000Z" },
        }),
        lesson({
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/lesson-2001-c",
            by: 1,
            at: "2026-11-25T12:01:00.000Z",
          },
        }),
      )
      .then(async ({ sql }) => {
        const rows = await lessonMailStates(sql, 2001);
        const reminder = rows.find((row) => row.kind === "reminder-1h" && row.recipientId === carla.id);
        expect(reminder?.dueAt).toBe("2026-12-02T12:00:00.000Z");
        expect(rows.some((row) => row.recipientId === bruno.id)).toBe(false);
      }));

  it("drops the e-mails still to come when the teacher is taken off, telling the student; the next teacher's acceptance plans them again", () =>
    spec
      .given(scheduled, accepted, mailEvent("LessonMailSent", "accepted", ana.id))
      .when(
        lesson({ type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-11-24T13:00:00.000Z" } }),
        lesson({
          type: "LessonAccepted",
          data: {
            teacher: carla,
            meetUrl: "https://meet.jit.si/lesson-2001-c",
            acceptedAt: "2026-11-24T14:00:00.000Z",
          },
        }),
      )
      .then(async ({ sql }) => {
        expect(states(await lessonMailStates(sql, 2001))).toEqual([
          "accepted:1001:sent",
          // Accepted again before it went out: the news of the removal is no longer true.
          "teacher-removed:1001:skipped",
          "reminder-24h:1001:due",
          "reminder-24h:1003:due",
          "reminder-1h:1001:due",
          "reminder-1h:1003:due",
          "feedback-request:1001:due",
          "feedback-request:1003:due",
        ]);
      }));

  it("tells the student of the teacher's removal, and only the teacher of a cancellation by the student's erasure", () =>
    spec
      .given(scheduled, accepted)
      .when(
        lesson({ type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-11-24T13:00:00.000Z" } }),
        lesson({
          type: "LessonAccepted",
          data: {
            teacher: carla,
            meetUrl: "https://meet.jit.si/lesson-2001-c",
            acceptedAt: "2026-11-24T14:00:00.000Z",
          },
        }),
        lesson({
          type: "LessonCancelled",
          data: { by: ana.id, role: "erasure", refunded: false, at: "2026-11-24T15:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        const rows = await lessonMailStates(sql, 2001);
        expect(rows.filter((row) => row.kind === "cancelled").map((row) => row.recipientId)).toEqual([carla.id]);
        expect(rows.filter((row) => row.state === "due")).toHaveLength(1);
      }));

  it("sends no cancellation e-mail for a request that lapsed with the cancel fallback, and one after a board fallback", () => {
    const requested = (lessonId: number, fallback: "BOARD" | "CANCEL") => {
      const stream = lessonStreams.id(lessonId);
      return [
        on(stream, {
          type: "LessonScheduled",
          data: {
            ...scheduledData,
            id: lessonId,
            chosenTeacher: { teacher: bruno, how: "REQUESTED", expiresAt: "2026-11-25T12:00:00.000Z", fallback },
          },
        }),
        on(stream, {
          type: "LessonRequestLapsed",
          data: { teacher: bruno, reason: "DECLINED", fallback, at: "2026-11-24T12:00:00.000Z" },
        }),
      ];
    };
    const cancelled = (lessonId: number) =>
      on(lessonStreams.id(lessonId), {
        type: "LessonCancelled",
        data: { by: ana.id, role: "student", refunded: true, at: "2026-11-24T12:00:00.000Z" },
      });
    return spec
      .given()
      .when(...requested(2002, "CANCEL"), cancelled(2002), ...requested(2003, "BOARD"), cancelled(2003))
      .then(async ({ sql }) => {
        expect(states(await lessonMailStates(sql, 2002))).toEqual([]);
        expect(states(await lessonMailStates(sql, 2003))).toEqual(["cancelled:1001:due"]);
      });
  });

  it("keeps the topics each person turned off", () =>
    spec
      .given()
      .when(on(mailPreferenceStreams.id(ana.id), { type: "MailPreferencesChanged", data: { off: ["reminders"] } }))
      .then(async ({ sql }) => {
        expect(await mailPreferencesOf(sql, ana.id)).toEqual(["reminders"]);
        expect(await mailPreferencesOf(sql, bruno.id)).toEqual([]);
      }));
});
