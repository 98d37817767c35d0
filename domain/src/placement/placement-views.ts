import { z } from "zod";
import { PLACEMENT_QUESTIONS } from "./placement-test";

/**
 * The level test's HTTP contract. A question travels without its answer: the browser learns
 * which answers were right only as the result's counts, after the last one.
 */

export const PlacementQuestionView = z.object({
  id: z.string(),
  /** 1-based: "3 de 20". */
  number: z.number().int().min(1),
  total: z.literal(PLACEMENT_QUESTIONS),
  skill: z.enum(["grammar", "vocabulary", "reading"]),
  prompt: z.string(),
  passage: z.string().nullable(),
  options: z.array(z.string()).length(4),
});
export type PlacementQuestionView = z.infer<typeof PlacementQuestionView>;

export const PlacementResultView = z.object({
  testId: z.number().int(),
  levelId: z.number().int(),
  /** The level's name in the catalogue now (null if it has been removed). */
  levelName: z.string().nullable(),
  right: z.number().int(),
  total: z.number().int(),
  bands: z.array(
    z.object({
      band: z.number().int(),
      levelId: z.number().int(),
      asked: z.number().int(),
      right: z.number().int(),
      mastered: z.boolean(),
    }),
  ),
  explanation: z.object({ "pt-br": z.string(), en: z.string() }),
  /** The lowest-numbered trail of the level on offer: where to start (null if the level has none). */
  suggestedTrail: z.object({ id: z.number().int(), number: z.number().int(), title: z.string() }).nullable(),
  completedAt: z.string(),
  /** When the test may be taken again. */
  retakeAt: z.string(),
});
export type PlacementResultView = z.infer<typeof PlacementResultView>;

/** A test's state as the student sees it: the question waiting for an answer, or the result. */
export const PlacementTestView = z.discriminatedUnion("status", [
  z.object({ status: z.literal("in-progress"), id: z.number().int(), question: PlacementQuestionView }),
  z.object({ status: z.literal("completed"), id: z.number().int(), result: PlacementResultView }),
]);
export type PlacementTestView = z.infer<typeof PlacementTestView>;

/** `POST api/placement-tests/{id}/answers`: the question answered and the index (0–3) of the option chosen. */
export const PlacementAnswerBody = z.object({
  questionId: z.string().min(1).max(20),
  choice: z.number().int().min(0).max(3),
});
export type PlacementAnswerBody = z.infer<typeof PlacementAnswerBody>;

/** `GET api/placement-tests/latest`: the last result (null before the first), and the test open now, if any. */
export const PlacementLatestView = z.object({
  result: PlacementResultView.nullable(),
  inProgress: z.object({ id: z.number().int(), answered: z.number().int() }).nullable(),
});
export type PlacementLatestView = z.infer<typeof PlacementLatestView>;
