import type { PlacementLatestView, PlacementResultView, PlacementTestView } from "@el/domain/placement/placement-views";
import { questionById } from "@el/domain/placement/question-bank";
import { type FakeRequest, fakeApi, json } from "../../test/fake-api";
import { student } from "../../test/render-area";

type Question = Extract<PlacementTestView, { status: "in-progress" }>;

export const TEST_ID = 41;

/** The bank's question `id` as the server shows it, `number` of 20, without its answer. */
export const questionView = (id: string, number: number): Question => {
  const question = questionById(id);
  if (!question) throw new Error(`${id} is not a question of the bank`);
  return {
    status: "in-progress",
    id: TEST_ID,
    question: {
      id,
      number,
      total: 20,
      skill: question.skill,
      prompt: question.prompt,
      passage: question.passage ?? null,
      options: [...question.options],
    },
  };
};

/** An Intermediário Avançado result, finished on 24/11/2026: the next test from 24/12/2026. */
export const RESULT: PlacementResultView = {
  testId: TEST_ID,
  levelId: 3,
  levelName: "Intermediário Avançado",
  right: 15,
  total: 20,
  bands: [],
  explanation: {
    "pt-br": "Você dominou Begginer, Intermediário e Intermediário Avançado: seu nível é Intermediário Avançado.",
    en: "You mastered Beginner, Intermediate and Upper intermediate: your level is Upper intermediate.",
  },
  suggestedTrail: { id: 31, number: 1, title: "Telling stories" },
  completedAt: "2026-11-24T15:00:00.000Z",
  retakeAt: "2026-12-24T15:00:00.000Z",
};

export const completed = (result: PlacementResultView = RESULT): PlacementTestView => ({
  status: "completed",
  id: result.testId,
  result,
});

/** The questions the fake test asks, in order: after the last one is answered, the result. */
export const QUESTIONS = ["b2-03", "b3-12"];

/**
 * The level test's server for the page's specs: `latest` as `api/placement-tests/latest` answers it; a
 * start answers the first of `QUESTIONS` (or `start`'s response), each answer the next, the last one the
 * result. Returns the calls made.
 */
export const placementServer = (
  options: { latest?: PlacementLatestView; start?: () => Response; answer?: (request: FakeRequest) => Response } = {},
) => {
  let answered = 0;
  return fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/levels": () => json([]),
    "GET /api/placement-tests/latest": () => json(options.latest ?? { result: null, inProgress: null }),
    "POST /api/placement-tests": () =>
      options.start?.() ?? json(questionView(QUESTIONS[answered] ?? "b2-03", answered + 1), { status: 201 }),
    [`POST /api/placement-tests/${TEST_ID}/answers`]: (request) => {
      if (options.answer) return options.answer(request);
      answered += 1;
      const next = QUESTIONS[answered];
      return json(next ? questionView(next, answered + 1) : completed());
    },
  });
};
