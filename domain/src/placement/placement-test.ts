import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { DomainError, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { BANDS, type Band, type Choice, type PlacementQuestion, questionBank, questionById } from "./question-bank";

/**
 * A student's level tests (stream `placement-{studentId}`): one stream per student holds every test they
 * took, one after the other, so that "one test at a time" and "a retake 30 days after the last one" are
 * decided on one stream's state, and two racing requests leave one winner. Each test has its own id (from
 * the id sequence), which the routes name.
 *
 * The test runs on the server: the right answers never leave it before the end. It is adaptive — it starts
 * in the middle (band 2), asks a harder question after a right answer and an easier one after a wrong
 * one, never the same question twice — and ends after `PLACEMENT_QUESTIONS` answers with a level.
 */

export const PLACEMENT_QUESTIONS = 20;
/** "Start in the middle": of four bands, the lower middle one, so a beginner's first question is not an advanced one. */
export const FIRST_BAND: Band = 2;
export const RETAKE_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A band is mastered with at least this many of its questions answered, and this share of them right. */
export const MASTERY = { minAsked: 3, minShare: 0.6 } as const;

/** The product's level (catalog `level-{id}`) each band places a student in: the seeded level ids. */
export const levelOfBand: Record<Band, number> = { 1: 1, 2: 2, 3: 3, 4: 4 };
/** The levels' names as the spec has them (pt-br, Begginer as spelled there) and in English. */
export const bandNames: Record<Band, { "pt-br": string; en: string }> = {
  1: { "pt-br": "Begginer", en: "Beginner" },
  2: { "pt-br": "Intermediário", en: "Intermediate" },
  3: { "pt-br": "Intermediário Avançado", en: "Upper intermediate" },
  4: { "pt-br": "Avançado", en: "Advanced" },
};

export const placementErrors = {
  /** `retakeAt`: when the next test may start. */
  retakeTooSoon: "placement.error.retakeTooSoon",
  notFound: "placement.error.notFound",
  notAsked: "placement.error.notAsked",
  choice: "placement.error.choice",
} as const;

const instant = z.iso.datetime({ offset: true });
const BandSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const BandScore = z.object({
  band: BandSchema,
  asked: z.number().int().min(0),
  right: z.number().int().min(0),
  mastered: z.boolean(),
});
export type BandScore = z.infer<typeof BandScore>;

export const placementEventSchemas = {
  /** `seed` orders the questions within each band for this test (a retake meets other questions first). */
  PlacementTestStarted: z.object({
    testId: z.number().int().positive(),
    studentId: z.number().int().positive(),
    seed: z.number().int().min(0),
    firstQuestionId: z.string(),
    startedAt: instant,
  }),
  /** `nextQuestionId` is null after the last answer. */
  PlacementQuestionAnswered: z.object({
    testId: z.number().int().positive(),
    questionId: z.string(),
    choice: z.number().int().min(0).max(3),
    correct: z.boolean(),
    nextQuestionId: z.string().nullable(),
    answeredAt: instant,
  }),
  PlacementTestCompleted: z.object({
    testId: z.number().int().positive(),
    levelId: z.number().int().positive(),
    band: BandSchema,
    right: z.number().int().min(0),
    total: z.number().int().positive(),
    bands: z.array(BandScore),
    completedAt: instant,
  }),
};

export type PlacementEvent = EventOf<typeof placementEventSchemas>;
export const placementStreams = streamKind("placement", placementEventSchemas, numericKey);

export interface AskedQuestion {
  questionId: string;
  band: Band;
  choice?: Choice;
  correct?: boolean;
}

export interface OpenTest {
  id: number;
  seed: number;
  startedAt: string;
  /** Every question asked so far, in order; the last one is waiting for its answer. */
  asked: AskedQuestion[];
}

export type PlacementResult = z.infer<typeof placementEventSchemas.PlacementTestCompleted>;

export interface PlacementTests {
  open?: OpenTest;
  last?: PlacementResult;
}

export type StartPlacementTest = Command<
  "StartPlacementTest",
  { testId: number; studentId: number; seed: number; now: Date }
>;
export type AnswerPlacementQuestion = Command<
  "AnswerPlacementQuestion",
  { testId: number; questionId: string; choice: number; now: Date }
>;

export type PlacementCommand = StartPlacementTest | AnswerPlacementQuestion;

/** When the student may take the test again after a result (30 days after it). */
export const retakeAllowedAt = (result: Pick<PlacementResult, "completedAt">): Date =>
  new Date(Date.parse(result.completedAt) + RETAKE_AFTER_DAYS * DAY_MS);

/** The adaptive rule: one band harder after a right answer, one easier after a wrong one, within 1–4. */
export const nextBand = (band: Band, correct: boolean): Band =>
  correct ? (Math.min(4, band + 1) as Band) : (Math.max(1, band - 1) as Band);

/** A small, well-mixed integer hash (mulberry32's step): the test's seed orders each band's questions. */
const mix = (value: number) => {
  let t = (value + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
};
const rank = (seed: number, question: PlacementQuestion) =>
  mix(seed ^ mix([...question.id].reduce((sum, char) => Math.imul(sum, 31) + char.charCodeAt(0), 7)));

/**
 * The next question of a band not asked yet in this test, in the order the seed gives; should the band
 * have none left, the nearest band that has (easier first at equal distance).
 */
export const pickQuestion = (
  band: Band,
  askedIds: ReadonlySet<string>,
  seed: number,
  bank: readonly PlacementQuestion[] = questionBank,
): PlacementQuestion => {
  const distance = (other: Band) => Math.abs(other - band) * 2 + (other > band ? 1 : 0);
  const candidates = bank
    .filter((question) => !askedIds.has(question.id))
    .sort((a, b) => distance(a.band) - distance(b.band) || rank(seed, a) - rank(seed, b) || a.id.localeCompare(b.id));
  const next = candidates[0];
  if (!next) throw new Error("the question bank has fewer questions than a test asks");
  return next;
};

const bandOf = (questionId: string): Band => {
  const question = questionById(questionId);
  if (!question) throw new Error(`${questionId} is not a question of the bank`);
  return question.band;
};

/**
 * The scoring rule: each band's answers; a band is mastered with at least 3 of its questions answered
 * and 60% of them right. The student's level is the highest band mastered; a student who mastered none
 * starts at the first. (The adaptive walk spends most questions near the student's level, so the bands
 * far below it are rarely asked: a band never asked counts neither for nor against.)
 */
export const scorePlacement = (answers: readonly { band: Band; correct: boolean }[]) => {
  const bands: BandScore[] = BANDS.map((band) => {
    const of = answers.filter((answer) => answer.band === band);
    const right = of.filter((answer) => answer.correct).length;
    return {
      band,
      asked: of.length,
      right,
      mastered: of.length >= MASTERY.minAsked && right / of.length >= MASTERY.minShare,
    };
  });
  const band = bands.filter((score) => score.mastered).at(-1)?.band ?? 1;
  return {
    band,
    levelId: levelOfBand[band],
    right: answers.filter((answer) => answer.correct).length,
    total: answers.length,
    bands,
  };
};

const list = (names: string[], and: string) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;

/** Why the test placed the student where it did, in Portuguese and in English. */
export const explainPlacement = (
  result: Pick<PlacementResult, "band" | "right" | "total" | "bands">,
): { "pt-br": string; en: string } => {
  const asked = result.bands.filter((score) => score.asked > 0);
  const mastered = result.bands.filter((score) => score.mastered).map((score) => score.band as Band);
  const level = bandNames[result.band as Band];
  const perBand = (language: "pt-br" | "en", of: string) =>
    asked.map((score) => `${bandNames[score.band as Band][language]} ${score.right} ${of} ${score.asked}`).join("; ");
  const pt = [
    `Você acertou ${result.right} de ${result.total} questões (${perBand("pt-br", "de")}).`,
    `Um nível conta como dominado com pelo menos ${MASTERY.minAsked} questões respondidas e ${MASTERY.minShare * 100}% de acertos.`,
    mastered.length > 0
      ? `Você dominou ${list(
          mastered.map((band) => bandNames[band]["pt-br"]),
          "e",
        )}: seu nível é ${level["pt-br"]}.`
      : `Você ainda não dominou nenhum nível, então começamos pelo ${level["pt-br"]}.`,
  ].join(" ");
  const en = [
    `You got ${result.right} of ${result.total} questions right (${perBand("en", "of")}).`,
    `A level counts as mastered with at least ${MASTERY.minAsked} questions answered and ${MASTERY.minShare * 100}% right.`,
    mastered.length > 0
      ? `You mastered ${list(
          mastered.map((band) => bandNames[band].en),
          "and",
        )}: your level is ${level.en}.`
      : `You have not mastered a level yet, so you start at ${level.en}.`,
  ].join(" ");
  return { "pt-br": pt, en };
};

/** The trail a new level suggests: the lowest-numbered trail on offer in the level (none if it has none). */
export const suggestedTrail = <Trail extends { number: number; levelId: number }>(
  levelId: number,
  trails: readonly Trail[],
): Trail | undefined => trails.filter((trail) => trail.levelId === levelId).sort((a, b) => a.number - b.number)[0];

/** The question waiting for an answer in an open test. */
export const currentQuestion = (test: OpenTest): AskedQuestion => {
  const current = test.asked.at(-1);
  if (!current || current.choice !== undefined) throw new Error(`test ${test.id} has no question waiting`);
  return current;
};

export const startPlacementTest = (command: StartPlacementTest, state: PlacementTests): PlacementEvent[] => {
  // Resuming: the test already open goes on (two racing starts open one).
  if (state.open) return [];
  if (state.last) {
    const retakeAt = retakeAllowedAt(state.last);
    if (command.now < retakeAt)
      throw new DomainError("conflict", placementErrors.retakeTooSoon, undefined, {
        retakeAt: retakeAt.toISOString(),
      });
  }
  const first = pickQuestion(FIRST_BAND, new Set(), command.seed);
  return [
    {
      type: "PlacementTestStarted",
      data: {
        testId: command.testId,
        studentId: command.studentId,
        seed: command.seed,
        firstQuestionId: first.id,
        startedAt: command.now.toISOString(),
      },
    },
  ];
};

export const answerPlacementQuestion = (command: AnswerPlacementQuestion, state: PlacementTests): PlacementEvent[] => {
  const open = state.open;
  if (!open || open.id !== command.testId) {
    // The answer that ended the test, sent again: it was recorded once.
    if (state.last?.testId === command.testId) return [];
    throw notFound(placementErrors.notFound);
  }
  const asked = open.asked.find((question) => question.questionId === command.questionId);
  if (!asked) throw invalid(placementErrors.notAsked, "questionId");
  // Answered already (a retry, or the loser of two racing answers): the first answer stands.
  if (asked.choice !== undefined) return [];
  if (!Number.isInteger(command.choice) || command.choice < 0 || command.choice > 3)
    throw invalid(placementErrors.choice, "choice");
  const question = questionById(asked.questionId);
  if (!question) throw new Error(`${asked.questionId} is not a question of the bank`);
  const correct = command.choice === question.answer;
  const answers = [
    ...open.asked.flatMap((one) => (one.correct === undefined ? [] : [{ band: one.band, correct: one.correct }])),
    { band: asked.band, correct },
  ];
  const at = command.now.toISOString();
  const last = answers.length >= PLACEMENT_QUESTIONS;
  const next = last
    ? null
    : pickQuestion(nextBand(asked.band, correct), new Set(open.asked.map((one) => one.questionId)), open.seed).id;
  const answered: PlacementEvent = {
    type: "PlacementQuestionAnswered",
    data: {
      testId: open.id,
      questionId: asked.questionId,
      choice: command.choice,
      correct,
      nextQuestionId: next,
      answeredAt: at,
    },
  };
  if (!last) return [answered];
  const score = scorePlacement(answers);
  return [
    answered,
    {
      type: "PlacementTestCompleted",
      data: {
        testId: open.id,
        levelId: score.levelId,
        band: score.band,
        right: score.right,
        total: score.total,
        bands: score.bands,
        completedAt: at,
      },
    },
  ];
};

export const placementDecider: Decider<PlacementCommand, PlacementEvent, PlacementTests> = {
  initialState: () => ({}),

  evolve: (state, event) => {
    switch (event.type) {
      case "PlacementTestStarted": {
        const { testId, seed, startedAt, firstQuestionId } = event.data;
        return {
          ...state,
          open: {
            id: testId,
            seed,
            startedAt,
            asked: [{ questionId: firstQuestionId, band: bandOf(firstQuestionId) }],
          },
        };
      }
      case "PlacementQuestionAnswered": {
        const open = state.open;
        if (!open) return state;
        const { questionId, choice, correct, nextQuestionId } = event.data;
        const asked = open.asked.map((question) =>
          question.questionId === questionId ? { ...question, choice: choice as Choice, correct } : question,
        );
        return {
          ...state,
          open: {
            ...open,
            asked: nextQuestionId ? [...asked, { questionId: nextQuestionId, band: bandOf(nextQuestionId) }] : asked,
          },
        };
      }
      case "PlacementTestCompleted":
        return { last: event.data };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "StartPlacementTest":
        return startPlacementTest(command, state);
      case "AnswerPlacementQuestion":
        return answerPlacementQuestion(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const placementEventDefinitions = Object.entries(placementEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
