import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * An administrator hides a student's written comment from a teacher's public profile, or shows it again
 * (stream `review-moderation-{feedbackId}`, the feedback's id). The feedback itself is untouched: the
 * lesson's history, the teacher's rating and the back office keep it; only the profile leaves it out.
 * Each decision is an event of its own, with who took it, so auditors see every hide and show.
 */

const instant = z.iso.datetime({ offset: true });
const decision = z.object({
  /** The teacher whose profile shows the comment, so the read model needs no lookup to find it. */
  teacherId: z.number().int(),
  /** The administrator's id. */
  by: z.number().int(),
  at: instant,
});

export const reviewModerationEventSchemas = {
  ReviewHidden: decision,
  ReviewShown: decision,
};
export type ReviewModerationEvent = EventOf<typeof reviewModerationEventSchemas>;
export const reviewModerationEventDefinitions = Object.entries(reviewModerationEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

/** `review-moderation-{feedbackId}`. */
export const reviewModerationStreams = streamKind("review-moderation", reviewModerationEventSchemas, numericKey);

export type SetReviewVisibility = Command<
  "SetReviewVisibility",
  { hidden: boolean; teacherId: number; by: number; now: Date }
>;
export type ReviewModerationCommand = SetReviewVisibility;

export interface ReviewModeration {
  hidden: boolean;
}

export const reviewModerationDecider: Decider<ReviewModerationCommand, ReviewModerationEvent, ReviewModeration> = {
  initialState: () => ({ hidden: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ReviewHidden":
        return { hidden: true };
      case "ReviewShown":
        return { hidden: false };
      default:
        return unchanged(state, event);
    }
  },
  // Hiding a hidden comment (or showing a shown one) stores nothing: the audit trail records changes only.
  decide: (command, state) => {
    switch (command.type) {
      case "SetReviewVisibility": {
        if (command.hidden === state.hidden) return [];
        const data = { teacherId: command.teacherId, by: command.by, at: command.now.toISOString() };
        return [{ type: command.hidden ? "ReviewHidden" : "ReviewShown", data }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
