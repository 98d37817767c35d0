import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { specFor } from "../shared/spec";
import {
  currentQuestion,
  explainPlacement,
  nextBand,
  PLACEMENT_QUESTIONS,
  type PlacementEvent,
  type PlacementTests,
  pickQuestion,
  placementDecider,
  placementErrors,
  retakeAllowedAt,
  scorePlacement,
  suggestedTrail,
} from "./placement-test";
import { type Band, type Choice, questionById } from "./question-bank";

const given = specFor(placementDecider);
const NOW = new Date("2026-11-24T19:00:00.000Z");
const SEED = 4242;

const start = (testId = 10, now = NOW, seed = SEED) =>
  ({ type: "StartPlacementTest", testId, studentId: 7, seed, now }) as const;
const answer = (questionId: string, choice: number, testId = 10) =>
  ({ type: "AnswerPlacementQuestion", testId, questionId, choice, now: NOW }) as const;

const started = (testId = 10): PlacementEvent[] => placementDecider.decide(start(testId), {});

const rightChoice = (questionId: string) => questionById(questionId)?.answer ?? 0;
const wrongChoice = (questionId: string) => ((rightChoice(questionId) + 1) % 4) as Choice;

/** Runs a whole test, answering each question right or wrong as `rightAt(index)` says; every event it stored. */
const takeTest = (rightAt: (index: number) => boolean, history: PlacementEvent[] = [], testId = 10) => {
  const events = [...history, ...placementDecider.decide(start(testId), stateFrom(placementDecider, history))];
  for (let index = 0; index < 100; index++) {
    const state = stateFrom(placementDecider, events);
    if (!state.open || state.open.id !== testId) break;
    const { questionId } = currentQuestion(state.open);
    const choice = rightAt(index) ? rightChoice(questionId) : wrongChoice(questionId);
    events.push(...placementDecider.decide(answer(questionId, choice, testId), state));
  }
  return events;
};

const resultOf = (events: PlacementEvent[]) => {
  const completed = events.filter((event) => event.type === "PlacementTestCompleted");
  return completed.at(-1)?.data;
};

describe("level test: starting", () => {
  it("starts in the middle, with a band 2 question, and records the seed that orders the questions", () => {
    const [event] = started();
    expect(event?.type).toBe("PlacementTestStarted");
    if (event?.type !== "PlacementTestStarted") return;
    expect(event.data).toMatchObject({ testId: 10, studentId: 7, seed: SEED, startedAt: NOW.toISOString() });
    expect(questionById(event.data.firstQuestionId)?.band).toBe(2);
  });

  it("resumes the open test instead of starting a second one", () => {
    given(started()).when(start(11)).then([]);
  });

  it("refuses a retake within 30 days of the last result, saying when it will be allowed", () => {
    const history = takeTest(() => true);
    const completedAt = resultOf(history)?.completedAt ?? "";
    const state = stateFrom(placementDecider, history);
    const nearlyThirtyDays = new Date(Date.parse(completedAt) + 30 * 24 * 3600_000 - 1000);
    let refusal: unknown;
    try {
      placementDecider.decide(start(11, nearlyThirtyDays), state);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).messageKey).toBe(placementErrors.retakeTooSoon);
    expect((refusal as DomainError).code).toBe("conflict");
    expect((refusal as DomainError).params).toEqual({ retakeAt: "2026-12-24T19:00:00.000Z" });
    given(history).when(start(11, nearlyThirtyDays)).thenThrows(placementErrors.retakeTooSoon, "conflict");
  });

  it("allows a retake 30 days after the last result, which may meet other questions first", () => {
    const history = takeTest(() => true);
    const retakeAt = retakeAllowedAt({ completedAt: resultOf(history)?.completedAt ?? "" });
    const [restarted] = placementDecider.decide(start(11, retakeAt, 99), stateFrom(placementDecider, history));
    expect(restarted).toMatchObject({ type: "PlacementTestStarted", data: { testId: 11, seed: 99 } });
  });
});

describe("level test: answering", () => {
  it("records a right answer and asks a harder question next", () => {
    const history = started();
    const { questionId } = currentQuestion(
      stateFrom(placementDecider, history).open as NonNullable<PlacementTests["open"]>,
    );
    const [answered] = placementDecider.decide(
      answer(questionId, rightChoice(questionId)),
      stateFrom(placementDecider, history),
    );
    expect(answered).toMatchObject({ type: "PlacementQuestionAnswered", data: { questionId, correct: true } });
    const next = answered?.type === "PlacementQuestionAnswered" ? answered.data.nextQuestionId : null;
    expect(questionById(next ?? "")?.band).toBe(3);
  });

  it("records a wrong answer and asks an easier question next", () => {
    const history = started();
    const { questionId } = currentQuestion(
      stateFrom(placementDecider, history).open as NonNullable<PlacementTests["open"]>,
    );
    const [answered] = placementDecider.decide(
      answer(questionId, wrongChoice(questionId)),
      stateFrom(placementDecider, history),
    );
    expect(answered).toMatchObject({ type: "PlacementQuestionAnswered", data: { questionId, correct: false } });
    const next = answered?.type === "PlacementQuestionAnswered" ? answered.data.nextQuestionId : null;
    expect(questionById(next ?? "")?.band).toBe(1);
  });

  it("records one answer per question: the same question answered again changes nothing", () => {
    const history = started();
    const { questionId } = currentQuestion(
      stateFrom(placementDecider, history).open as NonNullable<PlacementTests["open"]>,
    );
    const first = placementDecider.decide(answer(questionId, 0), stateFrom(placementDecider, history));
    given([...history, ...first])
      .when(answer(questionId, 1))
      .then([]);
  });

  it("refuses a question the test never asked, an option outside the four, and another test's id", () => {
    const history = started();
    const { questionId } = currentQuestion(
      stateFrom(placementDecider, history).open as NonNullable<PlacementTests["open"]>,
    );
    const notAsked = questionId === "b4-14" ? "b4-13" : "b4-14";
    given(history).when(answer(notAsked, 0)).thenThrows(placementErrors.notAsked, "validation");
    given(history).when(answer(questionId, 4)).thenThrows(placementErrors.choice, "validation");
    given(history)
      .when(answer(questionId, 0, 99))
      .thenThrows(placementErrors.notFound, "not_found");
    given([]).when(answer(questionId, 0)).thenThrows(placementErrors.notFound, "not_found");
  });

  it("ends after 20 answers with the level, and an answer sent again after the end records nothing", () => {
    const events = takeTest((index) => index % 2 === 0);
    expect(events.filter((event) => event.type === "PlacementQuestionAnswered")).toHaveLength(PLACEMENT_QUESTIONS);
    const last = events.filter((event) => event.type === "PlacementQuestionAnswered").at(-1);
    expect(last?.type === "PlacementQuestionAnswered" && last.data.nextQuestionId).toBe(null);
    expect(resultOf(events)).toMatchObject({ testId: 10, total: 20, right: 10 });
    const questionId = last?.type === "PlacementQuestionAnswered" ? last.data.questionId : "";
    given(events).when(answer(questionId, 0)).then([]);
    expect(stateFrom(placementDecider, events).open).toBeUndefined();
  });
});

describe("level test: the adaptive rule and the score", () => {
  it("goes one band up after a right answer and one down after a wrong one, within the four bands", () => {
    expect(nextBand(2, true)).toBe(3);
    expect(nextBand(2, false)).toBe(1);
    expect(nextBand(4, true)).toBe(4);
    expect(nextBand(1, false)).toBe(1);
  });

  it("takes the nearest band with questions left when the band asked for is used up, easier first", () => {
    const band4 = [
      "b4-01",
      "b4-02",
      "b4-03",
      "b4-04",
      "b4-05",
      "b4-06",
      "b4-07",
      "b4-08",
      "b4-09",
      "b4-10",
      "b4-11",
      "b4-12",
      "b4-13",
      "b4-14",
    ];
    expect(pickQuestion(4, new Set(band4), 1).band).toBe(3);
  });

  it("places a student who masters Intermediário but not Intermediário Avançado at Intermediário, and says why", () => {
    const answers = [
      ...Array.from({ length: 6 }, (_, index) => ({ band: 2 as Band, correct: index < 5 })),
      ...Array.from({ length: 8 }, (_, index) => ({ band: 3 as Band, correct: index < 3 })),
      ...Array.from({ length: 6 }, (_, index) => ({ band: 1 as Band, correct: index < 6 })),
    ];
    const score = scorePlacement(answers);
    expect(score).toMatchObject({ band: 2, levelId: 2, right: 14, total: 20 });
    const explanation = explainPlacement(score);
    expect(explanation["pt-br"]).toBe(
      "Você acertou 14 de 20 questões (Begginer 6 de 6; Intermediário 5 de 6; Intermediário Avançado 3 de 8). " +
        "Um nível conta como dominado com pelo menos 3 questões respondidas e 60% de acertos. " +
        "Você dominou Begginer e Intermediário: seu nível é Intermediário.",
    );
    expect(explanation.en).toBe(
      "You got 14 of 20 questions right (Beginner 6 of 6; Intermediate 5 of 6; Upper intermediate 3 of 8). " +
        "A level counts as mastered with at least 3 questions answered and 60% right. " +
        "You mastered Beginner and Intermediate: your level is Intermediate.",
    );
  });

  it("does not count a band answered fewer than three times, however well", () => {
    const score = scorePlacement([
      { band: 2, correct: true },
      { band: 3, correct: true },
      { band: 3, correct: true },
      { band: 3, correct: true },
      { band: 4, correct: true },
      { band: 4, correct: true },
    ]);
    expect(score.band).toBe(3);
    expect(score.bands.find((band) => band.band === 4)).toEqual({ band: 4, asked: 2, right: 2, mastered: false });
  });

  it("explains a result where no level was mastered", () => {
    const score = scorePlacement(Array.from({ length: 20 }, () => ({ band: 1 as Band, correct: false })));
    expect(explainPlacement(score)["pt-br"]).toContain(
      "Você ainda não dominou nenhum nível, então começamos pelo Begginer.",
    );
    expect(explainPlacement(score).en).toContain("You have not mastered a level yet, so you start at Beginner.");
  });

  it("suggests the lowest-numbered trail on offer in the level", () => {
    const trails = [
      { id: 8, number: 3, levelId: 2 },
      { id: 6, number: 2, levelId: 2 },
      { id: 1, number: 1, levelId: 1 },
    ];
    expect(suggestedTrail(2, trails)?.id).toBe(6);
    expect(suggestedTrail(4, trails)).toBeUndefined();
  });

  it("scores all-right at the top level (Avançado) and all-wrong at the bottom one (Begginer)", () => {
    expect(resultOf(takeTest(() => true))).toMatchObject({ levelId: 4, band: 4, right: 20 });
    expect(resultOf(takeTest(() => false))).toMatchObject({ levelId: 1, band: 1, right: 0 });
  });

  it("ends any sequence of answers after exactly 20 different questions, with one of the four levels", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: PLACEMENT_QUESTIONS, maxLength: PLACEMENT_QUESTIONS }),
        fc.nat(),
        (rights, seed) => {
          const events = [...placementDecider.decide(start(10, NOW, seed), {})];
          for (const right of rights) {
            const state = stateFrom(placementDecider, events);
            if (!state.open) break;
            const { questionId } = currentQuestion(state.open);
            events.push(
              ...placementDecider.decide(
                answer(questionId, right ? rightChoice(questionId) : wrongChoice(questionId)),
                state,
              ),
            );
          }
          const answered = events.filter((event) => event.type === "PlacementQuestionAnswered");
          expect(answered).toHaveLength(20);
          expect(new Set(answered.map((event) => event.data.questionId)).size).toBe(20);
          const result = resultOf(events);
          expect([1, 2, 3, 4]).toContain(result?.levelId);
          expect(result?.right).toBe(rights.filter(Boolean).length);
          expect(stateFrom(placementDecider, events).open).toBeUndefined();
        },
      ),
      { numRuns: 100 },
    );
  });
});
