import { describe, expect, it } from "vitest";
import { PLACEMENT_QUESTIONS } from "./placement-test";
import { BANDS, questionBank, questionById } from "./question-bank";

describe("the level test's question bank", () => {
  it("has at least 12 questions in each of the four bands, of grammar, vocabulary and reading", () => {
    for (const band of BANDS) {
      const questions = questionBank.filter((question) => question.band === band);
      expect(questions.length, `band ${band}`).toBeGreaterThanOrEqual(12);
      expect(new Set(questions.map((question) => question.skill))).toEqual(
        new Set(["grammar", "vocabulary", "reading"]),
      );
    }
    expect(questionBank.length).toBeGreaterThanOrEqual(PLACEMENT_QUESTIONS);
  });

  it("gives every question a unique id, four different options and one right answer among them", () => {
    expect(new Set(questionBank.map((question) => question.id)).size).toBe(questionBank.length);
    // A question is told apart by its prompt, as the student reads it.
    expect(new Set(questionBank.map((question) => question.prompt)).size).toBe(questionBank.length);
    for (const question of questionBank) {
      expect(question.options, question.id).toHaveLength(4);
      expect(new Set(question.options.map((option) => option.trim().toLowerCase())).size, question.id).toBe(4);
      expect([0, 1, 2, 3], question.id).toContain(question.answer);
      expect(questionById(question.id)).toBe(question);
    }
  });

  it("puts a passage beside every reading question and a gap or a question in every prompt", () => {
    for (const question of questionBank) {
      if (question.skill === "reading") expect(question.passage?.length ?? 0, question.id).toBeGreaterThan(100);
      else expect(question.passage, question.id).toBeUndefined();
      expect(question.prompt.includes("___") || /[?…]$/.test(question.prompt), question.id).toBe(true);
    }
  });

  it("does not always put the right answer in the same place", () => {
    const places = new Set(questionBank.map((question) => question.answer));
    expect(places.size).toBe(4);
  });
});
