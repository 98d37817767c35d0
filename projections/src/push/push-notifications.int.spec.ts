import { disputeStreams } from "@el/domain/disputes/dispute";
import { type LessonEvent, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { type ConversationEvent, conversationStreams } from "@el/domain/messages/conversation";
import { pushSendStreams, pushSettingStreams } from "@el/domain/push/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { pushNotificationsProjector } from "./push-notifications";
import { pushStates, pushSubscriptionsOf } from "./push-queries";

const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "Souza" };
const bruno: PersonSnapshot = { id: 1002, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };
const lesson = (event: LessonEvent) => on(lessonStreams.id(2001), event);
const DATE = "2026-12-01T13:00:00.000Z";
const scheduled = lesson({
  type: "LessonScheduled",
  data: {
    id: 2001,
    student: ana,
    trail: { id: 10, number: 1, title: "Hello" },
    level: { id: 3, name: "Básico" },
    date: DATE,
    objective: "TRAVEL",
    createdDate: "2026-11-20T12:00:00.000Z",
  },
});
const accepted = lesson({
  type: "LessonAccepted",
  data: { teacher: bruno, meetUrl: "https://meet.jit.si/lesson-2001", acceptedAt: "2026-11-24T12:00:00.000Z" },
});
const states = async (sql: Parameters<typeof pushStates>[0]) =>
  (await pushStates(sql, "lesson-2001")).map((row) => `${row.kind}:${row.recipientId}:${row.state}`);
const subscribed = (userId: number, account: string, endpoint: string) =>
  on(pushSettingStreams.id(userId), {
    type: "PushSubscribed",
    data: { account, endpoint, p256dh: "key", auth: "secret", at: "2026-11-20T12:00:00.000Z" },
  });

describe("push-notifications read model", () => {
  const spec = projectionSpec(pushNotificationsProjector);
  afterAll(() => spec.close());

  it("plans, once a lesson is accepted, the student's news and both reminders; a claim marks one sent", () =>
    spec
      .given(scheduled, accepted)
      .when(
        on(pushSendStreams.id("lesson-2001"), {
          type: "PushNotificationSent",
          data: { kind: "LESSON_ACCEPTED", recipientId: ana.id, at: "2026-11-24T12:00:05.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await states(sql)).toEqual([
          "LESSON_ACCEPTED:1001:sent",
          "LESSON_REMINDER:1001:due",
          "LESSON_REMINDER:1002:due",
        ]);
      }));

  it("moves the reminders to the new teacher, drops them when the teacher is taken away, skips them on cancellation", async () => {
    await spec
      .given(scheduled, accepted)
      .when(
        lesson({
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/lesson-2001",
            by: 1,
            at: "2026-11-25T12:00:00.000Z",
          },
        }),
      )
      .then(async ({ sql }) => {
        expect(await states(sql)).toContain("LESSON_REMINDER:1003:due");
        expect(await states(sql)).not.toContain("LESSON_REMINDER:1002:due");
      });
    await spec
      .given(scheduled, accepted)
      .when(
        lesson({
          type: "LessonCancelled",
          data: { by: ana.id, role: "student", refunded: true, at: "2026-11-25T12:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await states(sql)).toEqual([
          "LESSON_ACCEPTED:1001:skipped",
          "LESSON_REMINDER:1001:skipped",
          "LESSON_REMINDER:1002:skipped",
        ]);
      });
  });

  it("keeps a browser's subscription with its last owner, and drops a person's subscriptions with their erasure", () =>
    spec
      .given(subscribed(ana.id, "student-1001", "https://push.example/one"))
      .when(
        subscribed(bruno.id, "teacher-1002", "https://push.example/one"),
        subscribed(ana.id, "student-1001", "https://push.example/two"),
        on("student-1001", { type: "PersonalDataErased", data: { by: "titular", at: "2026-11-26T12:00:00.000Z" } }),
      )
      .then(async ({ sql }) => {
        expect((await pushSubscriptionsOf(sql, bruno.id)).map((row) => row.endpoint)).toEqual([
          "https://push.example/one",
        ]);
        expect(await pushSubscriptionsOf(sql, ana.id)).toEqual([]);
      }));
  const conversation = (event: ConversationEvent) => on(conversationStreams.id(3001), event);
  const message = (messageId: number, from: PersonSnapshot) =>
    conversation({
      type: "MessageSent",
      data: { messageId, seq: messageId - 4000, from: from.id, text: "Oi", at: "2026-11-24T12:00:00.000Z" },
    });
  const messageStates = async (sql: Parameters<typeof pushStates>[0], ...messageIds: number[]) =>
    (await Promise.all(messageIds.map((id) => pushStates(sql, `message-${id}`))))
      .flat()
      .map((row) => `${row.kind}:${row.recipientId}:${row.state}`);

  it("plans one message notification per unread burst, to a recipient with a subscription, and skips it once read", () =>
    spec
      .given(
        subscribed(bruno.id, "teacher-1002", "https://push.example/bruno"),
        conversation({
          type: "ConversationStarted",
          data: { studentId: ana.id, teacherId: bruno.id, at: "2026-11-24T11:00:00.000Z" },
        }),
      )
      .when(
        message(4001, ana),
        message(4002, ana),
        message(4003, bruno),
        conversation({ type: "MessagesRead", data: { by: bruno.id, upTo: 4002, at: "2026-11-24T12:01:00.000Z" } }),
        message(4004, ana),
      )
      .then(async ({ sql }) => {
        // Ana has no subscription: Bruno's answer plans nothing for her.
        expect(await messageStates(sql, 4001, 4002, 4003, 4004)).toEqual([
          "NEW_MESSAGE:1002:skipped",
          "NEW_MESSAGE:1002:due",
        ]);
      }));

  it("plans a dispute's notification for the other side, which the lesson's own news leaves alone", () =>
    spec
      .given(scheduled, accepted)
      .when(
        on(disputeStreams.id(2001), {
          type: "DisputeOpened",
          data: {
            lessonId: 2001,
            lessonDate: DATE,
            reason: "STUDENT_ABSENT",
            comment: "A aluna não entrou.",
            openedBy: "TEACHER",
            student: ana,
            teacher: bruno,
            at: "2026-12-01T15:00:00.000Z",
          },
        }),
        lesson({
          type: "LessonCancelled",
          data: { by: 1, role: "admin", refunded: true, at: "2026-12-01T16:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(
          (await pushStates(sql, "dispute-2001")).map((row) => `${row.kind}:${row.recipientId}:${row.state}`),
        ).toEqual(["DISPUTE_OPENED:1001:due"]);
        expect(await states(sql)).toContain("LESSON_ACCEPTED:1001:skipped");
      }));
});
