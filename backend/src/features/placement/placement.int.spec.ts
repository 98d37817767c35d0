import {
  type PlacementResultView,
  type PlacementTestView,
  placementStreams,
  questionById,
} from "@el/domain/placement/index";
import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";
import { givenStudent, type Person } from "../../../test/lesson-fixtures";

const world = useCatalogWorld();

const start = (who: { auth: Record<string, string> } | undefined) =>
  world.app.inject({ method: "POST", url: "/api/placement-tests", headers: who?.auth ?? {} });
const answer = (who: { auth: Record<string, string> } | undefined, testId: number, payload: Record<string, unknown>) =>
  world.app.inject({
    method: "POST",
    url: `/api/placement-tests/${testId}/answers`,
    headers: who?.auth ?? {},
    payload,
  });
const latest = (who: { auth: Record<string, string> } | undefined) =>
  world.app.inject({ method: "GET", url: "/api/placement-tests/latest", headers: who?.auth ?? {} });

type QuestionBody = Extract<PlacementTestView, { status: "in-progress" }>;

const rightChoice = (questionId: string) => questionById(questionId)?.answer ?? 0;
const wrongChoice = (questionId: string) => (rightChoice(questionId) + 1) % 4;

const placementEvents = async (studentId: number) => world.app.eventStore.readStream(placementStreams.id(studentId));

/** Answers every question right (or as `right` says) to the end; the result. */
const finish = async (
  student: Person,
  first: QuestionBody,
  right: (index: number) => boolean = () => true,
): Promise<PlacementResultView> => {
  let body: PlacementTestView = first;
  for (let index = 0; body.status === "in-progress" && index < 25; index++) {
    const questionId = body.question.id;
    const response = await answer(student, first.id, {
      questionId,
      choice: right(index) ? rightChoice(questionId) : wrongChoice(questionId),
    });
    expect(response.statusCode, response.body).toBe(200);
    body = response.json<PlacementTestView>();
    if (body.status === "completed") expect(body.id).toBe(first.id);
  }
  if (body.status !== "completed") throw new Error("the test did not end");
  return body.result;
};

describe("level test routes", () => {
  it("are for students only: 401 without a session, 403 for teachers and administrators", async () => {
    for (const who of [undefined, world.teacher, world.admin]) {
      const status = who ? 403 : 401;
      expect((await start(who)).statusCode).toBe(status);
      expect((await answer(who, 1, { questionId: "b2-01", choice: 0 })).statusCode).toBe(status);
      expect((await latest(who)).statusCode).toBe(status);
    }
    expect(await placementEvents(world.teacher.id)).toEqual([]);
  });

  it("starts with question 1 of 20 without its answer, and resumes the same test when asked again", async () => {
    const student = await givenStudent(world.app);
    expect((await latest(student)).json()).toEqual({ result: null, inProgress: null });

    const first = await start(student);
    expect(first.statusCode).toBe(201);
    const body = first.json<QuestionBody>();
    expect(body).toMatchObject({ status: "in-progress", question: { number: 1, total: 20 } });
    expect(body.question.options).toHaveLength(4);
    expect(JSON.stringify(body)).not.toMatch(/"answer"|"correct"/);
    expect(questionById(body.question.id)?.band).toBe(2);

    const again = await start(student);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect((await latest(student)).json()).toEqual({ result: null, inProgress: { id: body.id, answered: 0 } });
  });

  it("asks a harder question after a right answer and an easier one after a wrong one", async () => {
    const student = await givenStudent(world.app);
    const test = (await start(student)).json<QuestionBody>();
    const right = await answer(student, test.id, {
      questionId: test.question.id,
      choice: rightChoice(test.question.id),
    });
    const second = right.json<QuestionBody>();
    expect(second.question.number).toBe(2);
    expect(questionById(second.question.id)?.band).toBe(3);
    const wrong = await answer(student, test.id, {
      questionId: second.question.id,
      choice: wrongChoice(second.question.id),
    });
    expect(questionById(wrong.json<QuestionBody>().question.id)?.band).toBe(2);
    expect((await latest(student)).json().inProgress).toEqual({ id: test.id, answered: 2 });
  });

  it("places a student who answers everything right at Avançado: the level on their account, the first trail, the retake date", async () => {
    const student = await givenStudent(world.app);
    const test = (await start(student)).json<QuestionBody>();
    const result = await finish(student, test);
    expect(result).toMatchObject({ testId: test.id, levelId: 4, levelName: "Avançado", right: 20, total: 20 });
    expect(result.explanation["pt-br"]).toContain("seu nível é Avançado");
    expect(result.explanation.en).toContain("your level is Advanced");
    const { rows: trails } = await world.db.query<{ id: number; number: number; title: string }>(
      "select id, number, title from catalog_trails where level_id = 4 order by number limit 1",
    );
    expect(result.suggestedTrail).toEqual(trails[0]);
    expect(Date.parse(result.retakeAt) - Date.parse(result.completedAt)).toBe(30 * 24 * 3600_000);

    const { rows } = await world.db.query<{ level_id: number }>("select level_id from users where id = $1", [
      student.id,
    ]);
    expect(rows[0]?.level_id).toBe(4);
    const account = await world.app.eventStore.readStream(`student-${student.id}`);
    expect(account.at(-1)).toMatchObject({ type: "LevelAssessed", data: { levelId: 4, testId: test.id } });

    expect((await latest(student)).json()).toEqual({ result, inProgress: null });
  });

  it("places a student who answers everything wrong at Begginer", async () => {
    const student = await givenStudent(world.app);
    const test = (await start(student)).json<QuestionBody>();
    expect(await finish(student, test, () => false)).toMatchObject({ levelId: 1, levelName: "Begginer", right: 0 });
  });

  it("refuses a retake within 30 days with the date it will be allowed, and starts nothing", async () => {
    const student = await givenStudent(world.app);
    const end = await finish(student, (await start(student)).json<QuestionBody>());
    const before = (await placementEvents(student.id)).length;
    const refused = await start(student);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: "placement.error.retakeTooSoon",
      retakeAt: end.retakeAt,
    });
    expect(await placementEvents(student.id)).toHaveLength(before);
  });

  it("starts a new test once 30 days have passed since the last result", async () => {
    const student = await givenStudent(world.app);
    const longAgo = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    await world.app.eventStore.appendMany([
      {
        streamId: placementStreams.id(student.id),
        expectedVersion: "no_stream",
        events: [
          {
            type: "PlacementTestStarted",
            data: { testId: 1, studentId: student.id, seed: 1, firstQuestionId: "b2-01", startedAt: longAgo },
          },
          {
            type: "PlacementTestCompleted",
            data: { testId: 1, levelId: 2, band: 2, right: 12, total: 20, bands: [], completedAt: longAgo },
          },
        ],
      },
    ]);
    const retake = await start(student);
    expect(retake.statusCode).toBe(201);
    expect(retake.json<QuestionBody>().id).not.toBe(1);
    expect((await latest(student)).json()).toMatchObject({
      result: { testId: 1, levelId: 2 },
      inProgress: { id: retake.json().id, answered: 0 },
    });
  });

  it("records one answer when the same question is answered twice, or by two racing requests", async () => {
    const student = await givenStudent(world.app);
    const test = (await start(student)).json<QuestionBody>();
    const questionId = test.question.id;
    const first = await answer(student, test.id, { questionId, choice: rightChoice(questionId) });
    const again = await answer(student, test.id, { questionId, choice: wrongChoice(questionId) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const next = first.json<QuestionBody>().question.id;
    const racing = await Promise.all(
      [0, 1, 2, 3].map((choice) => answer(student, test.id, { questionId: next, choice })),
    );
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(racing.map((response) => response.json().question.id)).size).toBe(1);

    const answered = (await placementEvents(student.id)).filter((event) => event.type === "PlacementQuestionAnswered");
    expect(answered.map((event) => (event.data as { questionId: string }).questionId)).toEqual([questionId, next]);
    expect((await latest(student)).json().inProgress).toEqual({ id: test.id, answered: 2 });
  });

  it("opens one test when two starts race", async () => {
    const student = await givenStudent(world.app);
    const [a, b] = await Promise.all([start(student), start(student)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect((await placementEvents(student.id)).filter((event) => event.type === "PlacementTestStarted")).toHaveLength(
      1,
    );
  });

  it("refuses bad answers with a clear message and records nothing", async () => {
    const student = await givenStudent(world.app);
    const other = await givenStudent(world.app);
    const test = (await start(student)).json<QuestionBody>();
    const questionId = test.question.id;
    const outOfRange = await answer(student, test.id, { questionId, choice: 4 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fieldErrors).toEqual([expect.objectContaining({ field: "choice" })]);
    const notAsked = await answer(student, test.id, {
      questionId: questionId === "b4-14" ? "b4-13" : "b4-14",
      choice: 0,
    });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().fieldErrors).toEqual([{ field: "questionId", message: "placement.error.notAsked" }]);
    // Another student's test is not theirs to answer.
    const notTheirs = await answer(other, test.id, { questionId, choice: 0 });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe("placement.error.notFound");
    expect((await answer(student, test.id, { choice: 1 })).statusCode).toBe(400);
    expect(await placementEvents(student.id)).toHaveLength(1);
    expect(await placementEvents(other.id)).toEqual([]);
  });
});
