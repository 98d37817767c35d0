import { describe, expect, it } from "vitest";
import { mailsOnDayOff } from "./availability-mails";
import { topicOf } from "./lesson-mails";

describe("the e-mail of a teacher's day off", () => {
  it("goes to the student at once and is dropped after six hours", () =>
    expect(mailsOnDayOff("2026-12-01T12:00:00.000Z")).toEqual([
      {
        kind: "teacher-day-off",
        to: "student",
        dueAt: Date.parse("2026-12-01T12:00:00.000Z"),
        expiresAt: Date.parse("2026-12-01T18:00:00.000Z"),
      },
    ]));

  it("is news about who confirmed the lesson: it follows the acceptances' switch", () =>
    expect(topicOf("teacher-day-off")).toBe("accepted"));
});
