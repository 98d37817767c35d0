import { randomInt } from "node:crypto";
import { studentAccountDecider, studentStreams } from "@el/domain/accounts/student-account";
import {
  currentQuestion,
  explainPlacement,
  levelOfBand,
  PLACEMENT_QUESTIONS,
  type PlacementEvent,
  type PlacementResult,
  type PlacementResultView,
  type PlacementTests,
  type PlacementTestView,
  placementDecider,
  placementStreams,
  questionById,
  retakeAllowedAt,
  suggestedTrail,
} from "@el/domain/placement/index";
import { findLevel, listTrails } from "@el/projections/catalog/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";

/**
 * The level test's commands: the student's `placement-{studentId}` stream decides (one test at a time,
 * one answer per question, a retake after 30 days), and the last answer also records the level on the
 * student's account, in the same append.
 */

export const placementState = foldOf(placementStreams, placementDecider);
const studentState = foldOf(studentStreams, studentAccountDecider);

/** The result as the student reads it: the level's name and the trail to start with, from the catalogue now. */
export const resultView = async (app: FastifyInstance, result: PlacementResult): Promise<PlacementResultView> => {
  const [level, trails] = await Promise.all([
    findLevel(app.db, result.levelId),
    listTrails(app.db, { levelId: result.levelId }),
  ]);
  const trail = suggestedTrail(
    result.levelId,
    trails.map((row) => ({ ...row, levelId: row.level.id })),
  );
  return {
    testId: result.testId,
    levelId: result.levelId,
    levelName: level?.name ?? null,
    right: result.right,
    total: result.total,
    bands: result.bands.map((band) => ({ ...band, levelId: levelOfBand[band.band] })),
    explanation: explainPlacement(result),
    suggestedTrail: trail ? { id: trail.id, number: trail.number, title: trail.title } : null,
    completedAt: result.completedAt,
    retakeAt: retakeAllowedAt(result).toISOString(),
  };
};

/** The question waiting in the open test, without its answer; or the last result. */
export const testView = async (app: FastifyInstance, tests: PlacementTests): Promise<PlacementTestView> => {
  if (tests.open) {
    const asked = currentQuestion(tests.open);
    const question = questionById(asked.questionId);
    if (!question) throw new Error(`${asked.questionId} is not a question of the bank`);
    return {
      status: "in-progress",
      id: tests.open.id,
      question: {
        id: question.id,
        number: tests.open.asked.length,
        total: PLACEMENT_QUESTIONS,
        skill: question.skill,
        prompt: question.prompt,
        passage: question.passage ?? null,
        options: [...question.options],
      },
    };
  }
  if (!tests.last) throw new Error("a level test view of a student who never took one");
  return { status: "completed", id: tests.last.testId, result: await resultView(app, tests.last) };
};

const after = (tests: PlacementTests, events: PlacementEvent[]) => events.reduce(placementDecider.evolve, tests);

/** Starts a level test, or answers the one already open. `started`: whether this call opened it. */
export const startPlacementTest = async (app: FastifyInstance, studentId: number, context: CommandContext) => {
  const testId = await app.nextId();
  const seed = randomInt(2 ** 31);
  const { result } = await executeOnStates(
    app,
    { tests: placementState(studentId) },
    ({ tests }) => {
      const events = placementDecider.decide(
        { type: "StartPlacementTest", testId, studentId, seed, now: app.clock.now() },
        tests,
      );
      return {
        appends: [{ streamId: placementStreams.id(studentId), events }],
        result: { started: events.length > 0, tests: after(tests, events) },
      };
    },
    context,
  );
  return { started: result.started, view: await testView(app, result.tests) };
};

/** Records an answer (once per question) and answers the next question, or the result after the last. */
export const answerPlacementQuestion = async (
  app: FastifyInstance,
  studentId: number,
  testId: number,
  answer: { questionId: string; choice: number },
  context: CommandContext,
) => {
  const { result } = await executeOnStates(
    app,
    { tests: placementState(studentId), student: studentState(studentId) },
    ({ tests, student }) => {
      const now = app.clock.now();
      const events = placementDecider.decide({ type: "AnswerPlacementQuestion", testId, ...answer, now }, tests);
      const completed = events.find((event) => event.type === "PlacementTestCompleted");
      const assessed = completed
        ? studentAccountDecider.decide(
            { type: "AssessLevel", levelId: completed.data.levelId, testId: completed.data.testId, now },
            student,
          )
        : [];
      return {
        appends: [
          { streamId: placementStreams.id(studentId), events },
          { streamId: studentStreams.id(studentId), events: assessed },
        ],
        result: after(tests, events),
      };
    },
    context,
  );
  return testView(app, result);
};

/** The student's last result and the test open now, read from their stream. */
export const latestPlacement = async (app: FastifyInstance, studentId: number) => {
  const { tests } = await app.streamStates.read({ tests: placementState(studentId) });
  const { open, last } = tests.state;
  return {
    result: last ? await resultView(app, last) : null,
    inProgress: open ? { id: open.id, answered: open.asked.filter((one) => one.choice !== undefined).length } : null,
  };
};
