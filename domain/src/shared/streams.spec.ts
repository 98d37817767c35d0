import { describe, expect, it } from "vitest";
import { adminStreams } from "../accounts/admin-account";
import { studentStreams } from "../accounts/student-account";
import { teacherStreams } from "../accounts/teacher-account";
import { lessonStreams } from "../lessons/lesson";
import { slotsOfLesson, teacherSlotStreams } from "../lessons/teacher-slot";
import type { RecordedEvent } from "./events";

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

describe("stream kinds", () => {
  it("read back the key they wrote into a stream id", () => {
    expect(lessonStreams.parse(lessonStreams.id(42))).toBe(42);
    expect(adminStreams.parse(adminStreams.id(" Admin@Example.com "))).toBe("admin@example.com");
    const slots = slotsOfLesson(21, "2026-05-06T10:30:00-03:00");
    expect(slots.map(teacherSlotStreams.id).map(teacherSlotStreams.parse)).toEqual(slots);
  });

  it("refuse the ids of other kinds, even where one prefix starts another", () => {
    expect(teacherStreams.holds("teacher-slot-21-2026-05-06T13:30Z")).toBe(false);
    expect(teacherStreams.holds("teacher-21")).toBe(true);
    expect(studentStreams.holds("lesson-42")).toBe(false);
    expect(() => lessonStreams.parse("student-42")).toThrow("student-42 is not a lesson-{key} stream");
    expect(() => lessonStreams.parse("lesson-")).toThrow();
  });

  it("type the events of their streams and stop at an event their streams never hold", () => {
    const [accepted] = lessonStreams.events([
      recorded("lesson-42", "LessonAccepted", {
        teacher: { id: 21, firstName: "Bia", lastName: null },
        meetUrl: "https://meet.jit.si/lesson-42",
        acceptedAt: "2026-05-04T12:00:00.000Z",
      }),
    ]);
    expect(accepted?.type === "LessonAccepted" && accepted.data.teacher.id).toBe(21);
    expect(studentStreams.events(undefined)).toEqual([]);
    expect(() => lessonStreams.event(recorded("lesson-42", "CreditSpent", { lessonId: 42, schedulingId: 42 }))).toThrow(
      "CreditSpent (in lesson-42) is not an event of lesson-",
    );
  });
});
