import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "../shared/events";
import { accountStreamEvent } from "./account-streams";

const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  streamId,
  streamVersion: 1,
  type,
  schemaVersion: 1,
  data,
  metadata: { occurredAt: "2026-05-04T12:00:00.000Z" },
  eventId: "e1",
  recordedAt: new Date("2026-05-04T12:00:00.000Z"),
  transactionId: 1n,
  globalPosition: 1n,
});

describe("account stream events", () => {
  it("read an event of a student, teacher or administrator stream, typed by its type", () => {
    const granted = accountStreamEvent(recorded("student-7", "CreditsGranted", { amount: 2, grantedBy: "admin" }));
    expect(granted.type === "CreditsGranted" && granted.data.amount).toBe(2);
    expect(accountStreamEvent(recorded("teacher-8", "TeacherAccepted", { by: "admin" })).type).toBe("TeacherAccepted");
    expect(accountStreamEvent(recorded("admin-ana@example.com", "AccountDeleted", { by: "admin" })).type).toBe(
      "AccountDeleted",
    );
  });

  it("refuse a stream of another kind and an event the account's kind never holds", () => {
    expect(() => accountStreamEvent(recorded("lesson-42", "LessonPaid", {}))).toThrow(
      "lesson-42 is not an account stream",
    );
    expect(() => accountStreamEvent(recorded("teacher-8", "CreditsGranted", { amount: 1, grantedBy: "x" }))).toThrow();
  });
});
