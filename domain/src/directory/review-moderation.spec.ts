import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { type ReviewModerationEvent, reviewModerationDecider } from "./review-moderation";

const given = specFor(reviewModerationDecider);
const now = new Date("2026-12-01T12:00:00Z");
const data = { teacherId: 7, by: 1, at: now.toISOString() };
const hidden: ReviewModerationEvent = { type: "ReviewHidden", data };
const shown: ReviewModerationEvent = { type: "ReviewShown", data };
const setHidden = (value: boolean) =>
  ({ type: "SetReviewVisibility", hidden: value, teacherId: 7, by: 1, now }) as const;

describe("review moderation", () => {
  it("hides a comment shown on the profile, saying who hid it and when", () => {
    given([]).when(setHidden(true)).then([hidden]);
  });

  it("shows a hidden comment again", () => {
    given([hidden]).when(setHidden(false)).then([shown]);
  });

  it("stores nothing when the comment already is as asked, so the audit trail lists real changes only", () => {
    given([]).when(setHidden(false)).then([]);
    given([hidden]).when(setHidden(true)).then([]);
    given([hidden, shown]).when(setHidden(false)).then([]);
  });
});
