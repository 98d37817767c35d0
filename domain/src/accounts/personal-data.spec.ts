import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { PERSON_REMOVED, personalFieldsOf } from "./personal-data";
import { type StudentEvent, type StudentRegistered, studentAccountDecider } from "./student-account";

const given = specFor(studentAccountDecider);
const now = new Date("2026-11-24T12:00:00.000Z");

const registration: StudentRegistered = {
  id: 1001,
  login: "ana",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  phone: "(11)98765-4321",
  level: 1,
  objective: "TRAVEL",
  seen: "INSTAGRAM",
  langKey: "pt-br",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  registeredAt: "2026-03-01T12:00:00.000Z",
};
const registered: StudentEvent = { type: "StudentRegistered", data: registration };
const erased: StudentEvent = {
  type: "PersonalDataErased",
  data: { by: "titular", at: now.toISOString(), lessons: [7] },
};

describe("erasing a person's data (LGPD)", () => {
  it("erases an account once, whoever asks", () => {
    given([registered])
      .when({ type: "ErasePersonalData", by: "titular", now, lessons: [7] })
      .then([erased]);
  });

  it("erases an account an administrator had deleted", () => {
    given([registered, { type: "AccountDeleted", data: { by: "admin" } }])
      .when({ type: "ErasePersonalData", by: "admin", now, lessons: [] })
      .then([{ type: "PersonalDataErased", data: { by: "admin", at: now.toISOString(), lessons: [] } }]);
  });

  it("refuses to erase again, and refuses every other command afterwards", () => {
    given([registered, erased])
      .when({ type: "ErasePersonalData", by: "titular", now, lessons: [] })
      .thenThrows(accountErrors.deleted);
    given([registered, erased])
      .when({ type: "ChangeProfile", changes: { firstName: "Ana" }, by: "ana" })
      .thenThrows(accountErrors.deleted);
  });

  it("folds to a closed account whose personal fields read 'titular removido', its balance kept", () => {
    const state = stateFrom(studentAccountDecider, [
      registered,
      { type: "CreditsGranted", data: { amount: 3, grantedBy: "admin" } },
      erased,
    ]);
    if (state.status === "unregistered") throw new Error("registered");
    expect(state.status).toBe("deleted");
    expect(state.balance).toBe(3);
    expect(state.account.erased).toBe(true);
    expect(state.account.profile).toMatchObject({
      email: PERSON_REMOVED,
      firstName: PERSON_REMOVED,
      phone: PERSON_REMOVED,
      cpf: null,
      level: 1,
    });
  });
});

describe("which fields are personal", () => {
  const paths = (type: string, streamId: string, data: unknown) =>
    personalFieldsOf(type, streamId, data).map((field) => `${field.subject}:${field.path.join(".")}`);

  it("names, contacts, documents, addresses and bank details of an account are its own", () => {
    expect(paths("StudentRegistered", "student-7", registration)).toContain("student-7:email");
    expect(paths("ProfileChanged", "teacher-8", { changes: {} })).toEqual(
      expect.arrayContaining(["teacher-8:changes.cpf", "teacher-8:changes.bankAccount", "teacher-8:changes.street"]),
    );
    expect(paths("ProfileChanged", "teacher-8", { changes: {} })).not.toContain("teacher-8:changes.level");
    expect(paths("TeacherProfileChanged", "teacher-8", { bio: "x", specialities: [], by: "x" })).toEqual([
      "teacher-8:bio",
      "teacher-8:by",
    ]);
  });

  it("a browser's push subscription is sealed with the key of the account it names", () => {
    const subscribed = { account: "student-7", endpoint: "https://push.example/x", p256dh: "k", auth: "a", at: "" };
    expect(paths("PushSubscribed", "push-7", subscribed)).toEqual([
      "student-7:endpoint",
      "student-7:p256dh",
      "student-7:auth",
    ]);
    expect(paths("PushUnsubscribed", "push-7", { account: "student-7", endpoint: "x", at: "" })).toEqual([
      "student-7:endpoint",
    ]);
    expect(paths("PushNotificationSent", "push-sends-lesson-3", { kind: "LESSON_ACCEPTED" })).toEqual([]);
  });

  it("names copied into a lesson or purchase belong to the person named", () => {
    const student = { id: 7, firstName: "Ana", lastName: null };
    expect(paths("LessonScheduled", "lesson-3", { student })).toEqual([
      "student-7:student.firstName",
      "student-7:student.lastName",
    ]);
    expect(paths("PurchaseStarted", "purchase-4", { student })).toContain("student-7:student.firstName");
    const teacher = { id: 8, firstName: "Bia", lastName: "Lima" };
    expect(paths("LessonSeriesCreated", "lesson-series-5", { student, teacher })).toEqual([
      "student-7:student.firstName",
      "student-7:student.lastName",
      "teacher-8:teacher.firstName",
      "teacher-8:teacher.lastName",
    ]);
    expect(paths("LessonScheduled", "lesson-3", { student, chosenTeacher: { teacher, how: "REQUESTED" } })).toEqual([
      "student-7:student.firstName",
      "student-7:student.lastName",
      "teacher-8:chosenTeacher.teacher.firstName",
      "teacher-8:chosenTeacher.teacher.lastName",
    ]);
    expect(paths("LessonRequestLapsed", "lesson-3", { teacher, reason: "DECLINED" })).toEqual([
      "teacher-8:teacher.firstName",
      "teacher-8:teacher.lastName",
    ]);
  });

  it("a sign-in with a login no account has keeps its login and address under its day's key, to be shredded", () => {
    const attempt = { login: "hmac:ab12", ip: "10.0.0.1", at: now.toISOString(), reason: "unknown_account" };
    expect(paths("SignInFailed", "unknown-sign-ins-2026-11-24", attempt)).toEqual([
      "unknown-sign-ins-2026-11-24:login",
      "unknown-sign-ins-2026-11-24:ip",
    ]);
    expect(paths("SignInFailed", "sign-in-ana@example.com", attempt)).toEqual([
      "sign-in-ana@example.com:login",
      "sign-in-ana@example.com:ip",
    ]);
  });

  it("free-text feedback has the lesson's own key, and other events have nothing personal", () => {
    expect(paths("TeacherFeedbackGiven", "lesson-3", { studentInformation: "x" })).toContain(
      "lesson-3:studentInformation",
    );
    expect(paths("LessonReportWritten", "lesson-report-3", { covered: "x", vocabulary: [] })).toEqual([
      "lesson-3:covered",
      "lesson-3:vocabulary",
      "lesson-3:corrections",
      "lesson-3:homework",
    ]);
    expect(paths("LessonHomeworkDone", "lesson-report-3", { lessonId: 3 })).toEqual([]);
    expect(paths("MessageSent", "conversation-4", { text: "Oi", from: 7 })).toEqual(["conversation-4:text"]);
    expect(paths("ConversationReported", "conversation-4", { reason: "x", by: 7 })).toEqual(["conversation-4:reason"]);
    expect(paths("ConversationPaired", "conversation-pair-7-9", { conversationId: 4 })).toEqual([]);
    expect(paths("CreditsGranted", "student-7", { amount: 1 })).toEqual([]);
    expect(paths("LevelAssessed", "level-1", {})).toEqual([]);
  });
});
