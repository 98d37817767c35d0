import { describe, expect, it } from "vitest";
import { LEVEL_TEST_RETAKE_AFTER_LESSONS, levelTestDue, streakOfWeeks, weekOf } from "./progress";

describe("São Paulo weeks", () => {
  it("start on Monday, in São Paulo's calendar", () => {
    expect(weekOf("2026-05-06T13:00:00Z")).toBe("2026-05-04");
    // Sunday 23:30 in São Paulo is Monday 02:30 in UTC: still the week before.
    expect(weekOf("2026-05-11T02:30:00Z")).toBe("2026-05-04");
    expect(weekOf("2026-05-11T03:00:00Z")).toBe("2026-05-11");
  });
});

describe("streak of weeks with a lesson", () => {
  const now = new Date("2026-05-20T12:00:00-03:00"); // a Wednesday

  it("counts consecutive weeks back from this one", () =>
    expect(
      streakOfWeeks(["2026-05-18T10:00:00-03:00", "2026-05-12T10:00:00-03:00", "2026-05-05T10:00:00-03:00"], now),
    ).toBe(3));

  it("does not break while this week has no lesson yet", () =>
    expect(streakOfWeeks(["2026-05-12T10:00:00-03:00", "2026-05-05T10:00:00-03:00"], now)).toBe(2));

  it("ends at a week without lessons", () =>
    expect(streakOfWeeks(["2026-05-19T10:00:00-03:00", "2026-05-05T10:00:00-03:00"], now)).toBe(1));

  it("is none without lessons, or when the last was two weeks ago", () => {
    expect(streakOfWeeks([], now)).toBe(0);
    expect(streakOfWeeks(["2026-05-05T10:00:00-03:00"], now)).toBe(0);
  });

  it("counts two lessons of one week once", () =>
    expect(streakOfWeeks(["2026-05-18T10:00:00-03:00", "2026-05-19T10:00:00-03:00"], now)).toBe(1));
});

describe("level test retake", () => {
  it("is due when never taken", () => expect(levelTestDue(null, 0)).toBe(true));
  it(`is due after ${LEVEL_TEST_RETAKE_AFTER_LESSONS} lessons given since the last test`, () => {
    expect(levelTestDue("2026-01-01T00:00:00Z", LEVEL_TEST_RETAKE_AFTER_LESSONS - 1)).toBe(false);
    expect(levelTestDue("2026-01-01T00:00:00Z", LEVEL_TEST_RETAKE_AFTER_LESSONS)).toBe(true);
  });
});
