import { studentAccountDecider, studentStreams } from "@el/domain/accounts/index";
import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { aTrail, givenStudent, saoPauloTime } from "../../test/lesson-fixtures";
import { Unavailable } from "../http/unavailable";
import { executeOnStates } from "./execute";
import type { StreamChanges } from "./stream-changes";
import { createStreamStates, foldOf } from "./stream-states";

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

/** Commands that decide on the states this process keeps, without reading the store first. */
describe("commands on kept states", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pg" });
  });
  afterAll(() => test.close());

  /** How many times `work` read the store's streams, and how many appends it tried. */
  const costOf = async (app: FastifyInstance, work: () => Promise<unknown>) => {
    const { readStreams, appendMany } = app.eventStore;
    const cost = { reads: 0, appends: 0 };
    app.eventStore.readStreams = (...args) => {
      cost.reads++;
      return readStreams(...args);
    };
    app.eventStore.appendMany = (...args) => {
      cost.appends++;
      return appendMany(...args);
    };
    try {
      await work();
    } finally {
      app.eventStore.readStreams = readStreams;
      app.eventStore.appendMany = appendMany;
    }
    return cost;
  };
  const grant = (app: FastifyInstance, studentId: number, amount: number) =>
    executeOnStates(app, { student: studentState(studentId) }, ({ student }) => {
      const events = studentAccountDecider.decide({ type: "GrantCredits", amount, grantedBy: "admin" }, student);
      return { appends: [{ streamId: studentStreams.id(studentId), events }], result: student.balance + amount };
    });
  const spend = (app: FastifyInstance, studentId: number, lessonId: number) =>
    executeOnStates(app, { student: studentState(studentId) }, ({ student }) => {
      const command = { type: "SpendCredit", lessonId, schedulingId: lessonId, levelId: 1 } as const;
      const events = studentAccountDecider.decide(command, student);
      return { appends: [{ streamId: studentStreams.id(studentId), events }], result: student.balance - 1 };
    });

  it("decides on the state its last command left, without reading the stream again", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    await grant(test.app, student.id, 1);
    let balance: number | undefined;
    const cost = await costOf(test.app, async () => {
      balance = (await grant(test.app, student.id, 1)).result;
    });
    expect({ ...cost, balance }).toEqual({ reads: 0, appends: 1, balance: 3 });
  });

  it("reads the stream again once it hears another process wrote it", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    await grant(test.app, student.id, 1);
    const other = await createTestApp({ databaseUrl: test.app.config.databaseUrl });
    try {
      const heard = new Promise<void>((resolve) => {
        const stop = test.app.streamChanges.subscribe((change) => {
          if (change.streamId !== studentStreams.id(student.id)) return;
          stop();
          resolve();
        });
      });
      await grant(other.app, student.id, 5);
      // Its NOTIFY, or at worst the one-second re-check.
      await heard;
      let balance: number | undefined;
      const cost = await costOf(test.app, async () => {
        balance = (await grant(test.app, student.id, 1)).result;
      });
      // Read first, not after an append refused for its version.
      expect({ ...cost, balance }).toEqual({ reads: 1, appends: 1, balance: 8 });
    } finally {
      await other.close();
    }
  });

  /** This process's app, with kept states that hear of nothing stored: as if another process's write had not reached it yet. */
  const deaf = () => {
    const changes = { subscribe: () => () => {}, behind: () => false } as unknown as StreamChanges;
    const streamStates = createStreamStates(test.app.eventStore, { changes });
    return Object.create(test.app, { streamStates: { value: streamStates } }) as FastifyInstance;
  };

  it("appends on a kept state that is no longer the latest are refused, and decided again on what the store holds", async () => {
    const app = deaf();
    const student = await givenStudent(test.app, { credits: 1 });
    await grant(app, student.id, 1);
    // Written behind the kept state's back.
    await test.app.eventStore.append(
      studentStreams.id(student.id),
      [{ type: "CreditsGranted", data: { amount: 10, grantedBy: "other" } }],
      { expectedVersion: "any" },
    );
    expect((await grant(app, student.id, 1)).result).toBe(13);
  });

  it("a refusal on a kept state is decided again on what the store holds before it is answered", async () => {
    const app = deaf();
    const student = await givenStudent(test.app, { credits: 1 });
    await spend(app, student.id, 1);
    // The kept state has no credit left; the store has one more.
    await test.app.eventStore.append(
      studentStreams.id(student.id),
      [{ type: "CreditsGranted", data: { amount: 1, grantedBy: "other" } }],
      { expectedVersion: "any" },
    );
    expect((await spend(app, student.id, 2)).result).toBe(0);
  });
});
