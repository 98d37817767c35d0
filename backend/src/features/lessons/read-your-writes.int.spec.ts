import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { aTrail, givenStudent, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/**
 * Read-your-writes under load, on PostgreSQL: many schedulings and credit grants at once, and each
 * answer followed at once by the read its caller would make next, which must already show it.
 */
describe("read-your-writes under load", () => {
  let test: TestApp;
  let admin: string;
  let trailId: number;
  beforeAll(async () => {
    // Room for every request of the burst: shedding is another test's subject.
    test = await createTestApp({ driver: "pg", env: { MAX_IN_FLIGHT: "1000" } });
    admin = await adminToken(test.app);
    trailId = (await aTrail(test.app)).id;
  });
  afterAll(() => test.close());

  const scheduleThenRead = async (student: Person, date: string) => {
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date, objective: "TRAVEL" },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json<{ id: number }>().id;
    const [schedulings, lessons] = await Promise.all([
      test.app.inject({ method: "GET", url: "/api/schedulings/authenticatedUser", headers: student.auth }),
      test.app.inject({
        method: "GET",
        url: "/api/lessons/authenticatedUser?period=upcoming&size=100",
        headers: student.auth,
      }),
    ]);
    return {
      inSchedulings: schedulings.json<{ id: number }[]>().some((scheduling) => scheduling.id === id),
      inLessons: lessons.json<{ content: { id: number }[] }>().content.some((lesson) => lesson.id === id),
    };
  };

  const grantThenRead = async (student: Person) => {
    const answer = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.login}/credits`,
      headers: bearer(admin),
      payload: { amount: 2 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const account = await test.app.inject({ method: "GET", url: "/api/account", headers: student.auth });
    // Other grants to this student may land in between, never a spend: at least what the grant answered.
    return account.json<{ balance: number }>().balance >= answer.json<{ balance: number }>().balance;
  };

  it("shows every scheduling and every grant to the read that follows its answer", async () => {
    const schedulers = await Promise.all(Array.from({ length: 20 }, () => givenStudent(test.app, { credits: 3 })));
    const granted = await Promise.all(Array.from({ length: 10 }, () => givenStudent(test.app)));
    const [schedulings, grants] = await Promise.all([
      Promise.all(
        schedulers.flatMap((student, index) =>
          [9, 14, 19].map((hour) => scheduleThenRead(student, saoPauloTime(2 + (index % 5), hour, index % 2 ? 30 : 0))),
        ),
      ),
      Promise.all(
        granted.flatMap((student) => [grantThenRead(student), grantThenRead(student), grantThenRead(student)]),
      ),
    ]);
    expect(schedulings).toEqual(Array(60).fill({ inSchedulings: true, inLessons: true }));
    expect(grants).toEqual(Array(30).fill(true));
  });
});
