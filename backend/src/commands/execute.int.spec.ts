import { studentAccountDecider, studentStreams } from "@el/domain/accounts/index";
import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { aTrail, givenStudent, saoPauloTime } from "../../test/lesson-fixtures";
import { Unavailable } from "../http/unavailable";
import { executeOnStates } from "./execute";
import { foldOf } from "./stream-states";

const studentState = foldOf(studentStreams, studentAccountDecider);

/** Many commands on one stream at once, on PostgreSQL, where their transactions truly overlap. */
describe("racing commands", () => {
  let test: TestApp;
  let admin: string;
  let trailId: number;
  beforeAll(async () => {
    // Room for every request of a burst: shedding is another test's subject.
    test = await createTestApp({ driver: "pg", env: { MAX_IN_FLIGHT: "1000" } });
    admin = await adminToken(test.app);
    trailId = (await aTrail(test.app)).id;
  });
  afterAll(() => test.close());

  it("forty grants to one student at once all answer 200, each with a balance no other one had", async () => {
    const student = await givenStudent(test.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        test.app.inject({
          method: "POST",
          url: `/api/users/${student.login}/credits`,
          headers: bearer(admin),
          payload: { amount: 1 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(200));
    const balances = responses.map((response) => response.json<{ balance: number }>().balance);
    expect(balances.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it("grants sent to two instances at once race in the database: every one still answers 200", async () => {
    const other = await createTestApp({ databaseUrl: test.app.config.databaseUrl, env: { MAX_IN_FLIGHT: "1000" } });
    try {
      const student = await givenStudent(test.app);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? test.app : other.app).inject({
            method: "POST",
            url: `/api/users/${student.login}/credits`,
            headers: bearer(admin),
            payload: { amount: 1 },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
      expect(Math.max(...responses.map((response) => response.json<{ balance: number }>().balance))).toBe(30);
    } finally {
      await other.close();
    }
  });

  it("thirty schedulings at once with eight credits: eight lessons, and twenty-two told the credits ran out", async () => {
    const student = await givenStudent(test.app, { credits: 8 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        test.app.inject({
          method: "POST",
          url: "/api/schedulings",
          headers: student.auth,
          payload: {
            trail: { id: trailId },
            date: saoPauloTime(3 + Math.floor(index / 10), 8 + (index % 10)),
            objective: "TRAVEL",
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused.map((response) => [response.statusCode, response.json().message])).toEqual(
      Array(22).fill([400, NO_CREDITS_LEFT]),
    );
  });

  it("gives up with a 503 and when to try again, never a conflict, when it keeps losing for longer than it may try", async () => {
    const student = await givenStudent(test.app);
    const streamId = studentStreams.id(student.id);
    let attempts = 0;
    const started = Date.now();
    const losing = executeOnStates(test.app, { student: studentState(student.id) }, async ({ student: state }) => {
      attempts++;
      // Someone else writes the stream between this command's read and its append, every time.
      await test.app.eventStore.append(
        streamId,
        [{ type: "CreditsGranted", data: { amount: 1, grantedBy: "other" } }],
        {
          expectedVersion: "any",
        },
      );
      return {
        appends: [
          {
            streamId,
            events: studentAccountDecider.decide({ type: "GrantCredits", amount: 1, grantedBy: "me" }, state),
          },
        ],
        result: null,
      };
    });
    const error = await losing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).retryAfterSeconds).toBeGreaterThan(0);
    expect(attempts).toBeGreaterThan(1);
    // COMMAND_RETRY_MS is 3 s by default: it tried again and again for that long, not five times.
    expect(Date.now() - started).toBeGreaterThanOrEqual(test.app.config.commandRetryMs);
  });
});
