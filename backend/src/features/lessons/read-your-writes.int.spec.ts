import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { aTrail, givenStudent, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/**
 * Read-your-writes under load, on PostgreSQL: many schedulings and credit grants at once, and each
 * answer followed at once by the read its caller would make next, which must already show it.
 */
describe.each([
  { instances: 1, readsOn: "same", where: "commands and reads on one instance" },
  {
    instances: 2,
    readsOn: "same",
    where: "commands and reads on the instance that does not run the read models, the other one does",
  },
  {
    instances: 2,
    readsOn: "other",
    where: "commands on the instance without the read models, reads on the one that runs them",
  },
  {
    instances: 2,
    readsOn: "other",
    where: "commands on the instance that runs the read models, reads on the other",
    commandsOnFirst: true,
  },
])("read-your-writes under load, $where", ({ instances, readsOn, commandsOnFirst }) => {
  /** Where the commands go: with two instances, the second (which runs no projector) unless `commandsOnFirst`. */
  let test: TestApp;
  /** Where the reads that follow each answer go: with `readsOn` "other", the instance that did not answer it. */
  let reader: TestApp;
  let others: TestApp[] = [];
  let admin: string;
  let trailId: number;
  beforeAll(async () => {
    // Room for every request of the burst: shedding is another test's subject.
    const env = { MAX_IN_FLIGHT: "1000" };
    if (instances === 1) test = await createTestApp({ driver: "pg", env });
    else {
      const databaseUrl = await createTestDatabaseUrl();
      // The first to start takes every projector's lock; the second stands by for all of them.
      others = [await createTestApp({ databaseUrl, env })];
      test = await createTestApp({ databaseUrl, env });
      // Until it has tried every lock (the test then checks it got none).
      for (let tries = 0; tries < 100; tries++) {
        if ((await test.app.projections.status()).every((projector) => projector.state !== "starting")) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (commandsOnFirst) [test, others] = [others[0] as TestApp, [test]];
    }
    reader = readsOn === "other" ? (others[0] as TestApp) : test;
    admin = await adminToken(test.app);
    trailId = (await aTrail((others[0] ?? test).app)).id;
  });
  afterAll(async () => {
    await test.close();
    for (const other of others) await other.close();
  });

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
      reader.app.inject({ method: "GET", url: "/api/schedulings/authenticatedUser", headers: student.auth }),
      reader.app.inject({
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
    const account = await reader.app.inject({ method: "GET", url: "/api/account", headers: student.auth });
    // Other grants to this student may land in between, never a spend: at least what the grant answered.
    return account.json<{ balance: number }>().balance >= answer.json<{ balance: number }>().balance;
  };

  it("shows every scheduling and every grant to the read that follows its answer", async () => {
    const running = (await test.app.projections.status()).filter((projector) => projector.state !== "standby");
    expect(running.map((projector) => projector.name)).toEqual(
      instances === 1 || commandsOnFirst ? expect.anything() : [],
    );
    if (commandsOnFirst) expect(running).not.toEqual([]);
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
