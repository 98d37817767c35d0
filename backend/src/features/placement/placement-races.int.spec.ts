import { placementStreams, questionById } from "@el/domain/placement/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { givenStudent, type Person } from "../../../test/lesson-fixtures";

/** Two backends on one real PostgreSQL: racing requests truly overlap, and no lock in one process orders them. */
let one: TestApp;
let other: TestApp;
beforeAll(async () => {
  const databaseUrl = await createTestDatabaseUrl();
  one = await createTestApp({ databaseUrl });
  other = await createTestApp({ databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await one?.close();
});

const start = (app: TestApp, student: Person) =>
  app.app.inject({ method: "POST", url: "/api/placement-tests", headers: student.auth });
const answer = (app: TestApp, student: Person, testId: number, questionId: string, choice: number) =>
  app.app.inject({
    method: "POST",
    url: `/api/placement-tests/${testId}/answers`,
    headers: student.auth,
    payload: { questionId, choice },
  });
const eventsOf = (student: Person) => one.app.eventStore.readStream(placementStreams.id(student.id));

describe("level test races on PostgreSQL, across two instances", () => {
  it("two starts at once open one test, which both answer", async () => {
    const student = await givenStudent(one.app);
    const responses = await Promise.all([start(one, student), start(other, student)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(responses[0]?.json().id).toBe(responses[1]?.json().id);
    expect((await eventsOf(student)).filter((event) => event.type === "PlacementTestStarted")).toHaveLength(1);
  });

  it("two different answers to one question at once: one is recorded, both are told the same next question", async () => {
    const student = await givenStudent(one.app);
    const test = (await start(one, student)).json<{ id: number; question: { id: string } }>();
    const questionId = test.question.id;
    const right = questionById(questionId)?.answer ?? 0;
    const responses = await Promise.all([
      answer(one, student, test.id, questionId, right),
      answer(other, student, test.id, questionId, (right + 1) % 4),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const answered = (await eventsOf(student)).filter((event) => event.type === "PlacementQuestionAnswered");
    expect(answered).toHaveLength(1);
    const recorded = answered[0]?.data as { questionId: string; nextQuestionId: string };
    expect(recorded.questionId).toBe(questionId);
    expect(responses.map((response) => response.json().question.id)).toEqual([
      recorded.nextQuestionId,
      recorded.nextQuestionId,
    ]);
  });
});
