import { studentStreams } from "@el/domain/accounts/student-account";
import type { Projector } from "@el/projections";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAdmin } from "../../test/catalog-fixtures";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../test/lesson-fixtures";

/**
 * Holds back the projectors named when it closes: their `evolve` waits until it opens again, as a slow
 * read model would (a long batch, a database under load).
 */
const slowProjectors = () => {
  let held = new Set<string>();
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    wrap: (projectors: Projector[]) =>
      projectors.map(
        (projector): Projector => ({
          ...projector,
          evolve: async (events, tx, context) => {
            if (held.has(projector.name)) await opened;
            return projector.evolve(events, tx, context);
          },
        }),
      ),
    hold(...names: string[]) {
      held = new Set(names);
      opened = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      held = new Set();
      open();
    },
  };
};

const POLL = { timeout: 15_000 };

/** A scheduling sent, and whether it has been answered yet. */
const scheduleOn = (app: TestApp["app"], student: Person, trailId: number, date: string) => {
  let answered = false;
  const answer = app
    .inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date, objective: "TRAVEL" },
    })
    .then((reply) => {
      answered = true;
      return reply;
    });
  return { answer, answered: () => answered };
};

// PostgreSQL only: a projector waiting inside its transaction would hold PGlite's single connection, and
// with it every request, which is not the slowness under test.
describe("a command stored while the read models lag", () => {
  const projectors = slowProjectors();
  let test: TestApp;
  let admin: Person;
  let teacher: Person;
  beforeAll(async () => {
    test = await createTestApp({
      driver: "pg",
      env: { PROJECTION_WAIT_MS: "300" },
      overrides: { projectors: projectors.wrap },
    });
    admin = await givenAdmin(test.app);
    teacher = await givenTeacher(test.app);
  });
  afterEach(() => projectors.release());
  afterAll(() => test.close());

  const eventsOf = async (streamId: string, type: string) =>
    (await test.app.eventStore.readStream(streamId)).filter((event) => event.type === type);

  it("answers the scheduling it stored, spends one credit however often it is retried, and shows it once projected", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const trail = await aTrail(test.app);
    projectors.hold("lesson-schedulings");

    const schedule = () =>
      test.app.inject({
        method: "POST",
        url: "/api/schedulings",
        headers: { ...student.auth, "idempotency-key": "first-lesson" },
        payload: { trail: { id: trail.id }, date: saoPauloTime(3, 10), objective: "TRAVEL" },
      });
    const answered = await schedule();
    expect(answered.statusCode, answered.body).toBe(201);
    const scheduling = answered.json();
    expect(scheduling).toMatchObject({
      date: new Date(saoPauloTime(3, 10)).toISOString(),
      trail: { id: trail.id, number: trail.number, title: trail.title },
      student: { id: student.id, firstName: student.firstName },
      lesson: null,
    });
    const read = () =>
      test.app.inject({ method: "GET", url: `/api/schedulings/${scheduling.id}`, headers: student.auth });
    // The read model does not show it yet: the answer above came from what was stored.
    expect((await read()).statusCode).toBe(404);

    const retried = await schedule();
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(scheduling);
    expect(await eventsOf(studentStreams.id(student.id), "CreditSpent")).toHaveLength(1);

    const claimed = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: teacher.auth,
      payload: { schedulingId: scheduling.id },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({
      id: scheduling.id,
      teacher: { id: teacher.id, firstName: teacher.firstName },
      scheduling: { id: scheduling.id, lesson: { id: scheduling.id, teacher: { id: teacher.id } } },
    });

    projectors.release();
    await expect.poll(async () => (await read()).json(), POLL).toEqual(claimed.json().scheduling);
  });

  it("answers a scheduling before the read models show it, and the student's next read waits until they do", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const trail = await aTrail(test.app);
    // Alone on its database (another instance would make the command wait: the last test).
    await expect.poll(() => test.app.eventStore.othersKnown(), POLL).toBe(false);
    projectors.hold("lesson-schedulings");
    const answered = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trail.id }, date: saoPauloTime(3, 16), objective: "TRAVEL" },
    });
    expect(answered.statusCode, answered.body).toBe(201);

    let answeredRead = false;
    const next = test.app
      .inject({ method: "GET", url: "/api/schedulings/authenticatedUser", headers: student.auth })
      .then((read) => {
        answeredRead = true;
        return read;
      });
    // Well inside the 300 ms a read waits at most: it is still waiting for the read model.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answeredRead).toBe(false);
    projectors.release();
    const schedulings = (await next).json<{ id: number }[]>();
    expect(schedulings.map((scheduling) => scheduling.id)).toContain(answered.json().id);
  });

  it("answers the balance a grant left, grants once however often it is retried, and shows it once projected", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    projectors.hold("users");

    const grant = () =>
      test.app.inject({
        method: "POST",
        url: `/api/users/${student.login}/credits`,
        headers: { ...admin.auth, "idempotency-key": "support-case-7" },
        payload: { amount: 3, reason: "Chamado 7" },
      });
    const answered = await grant();
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ balance: 5 });
    const balance = async () =>
      (await test.app.inject({ method: "GET", url: `/api/users/${student.login}`, headers: admin.auth })).json()
        .balance;
    expect(await balance()).toBe(2);

    const retried = await grant();
    expect(retried.json()).toEqual({ balance: 5 });
    expect(await eventsOf(studentStreams.id(student.id), "CreditsGranted")).toHaveLength(2);

    projectors.release();
    await expect.poll(balance, POLL).toBe(5);
  });

  it("answers 202 with where to read a level whose answer comes from a read model that lags, and that address shows it once projected", async () => {
    projectors.hold("catalog_levels");
    const created = await test.app.inject({
      method: "POST",
      url: "/api/levels",
      headers: admin.auth,
      payload: { name: "Negociação" },
    });
    expect(created.statusCode, created.body).toBe(202);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/levels\/\d+$/);
    expect(created.json()).toEqual({ location });
    const id = location.split("/").at(-1);
    // The write happened: the 202 says so as a 201 would, so the browser shows the same success.
    expect(created.headers).toMatchObject({ "x-app-alert": "catalog.level.created", "x-app-params": id });
    const read = () => test.app.inject({ method: "GET", url: location });
    expect((await read()).statusCode).toBe(404);

    projectors.release();
    await expect.poll(async () => (await read()).json(), POLL).toMatchObject({ name: "Negociação", active: true });
    const named = await test.app.inject({ method: "GET", url: "/api/_search/levels?query=Negociação" });
    expect(named.json()).toHaveLength(1);

    projectors.hold("catalog_levels");
    const toggled = await test.app.inject({ method: "PUT", url: `${location}/toggle`, headers: admin.auth });
    expect(toggled.statusCode, toggled.body).toBe(202);
    expect(toggled.headers).toMatchObject({ location, "x-app-alert": "catalog.level.deactivated", "x-app-params": id });
    expect((await read()).json()).toMatchObject({ active: true });
    projectors.release();
    await expect.poll(async () => (await read()).json(), POLL).toMatchObject({ active: false });
  });

  it("with another instance on the database, a scheduling waits for the read models, so the other instance's next read shows it", async () => {
    const other = await createTestApp({
      databaseUrl: test.app.config.databaseUrl,
      env: { PROJECTION_WAIT_MS: "300" },
      overrides: { projectors: projectors.wrap },
    });
    try {
      const student = await givenStudent(test.app, { credits: 1 });
      const trail = await aTrail(test.app);
      await expect.poll(() => other.app.eventStore.othersKnown(), POLL).toBe(true);
      projectors.hold("lesson-schedulings");
      const scheduling = scheduleOn(other.app, student, trail.id, saoPauloTime(3, 18));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(scheduling.answered()).toBe(false);
      projectors.release();
      const answer = await scheduling.answer;
      expect(answer.statusCode, answer.body).toBe(201);
      // Read where the read models run, which has no note of the other instance's write yet.
      const mine = await test.app.inject({
        method: "GET",
        url: "/api/schedulings/authenticatedUser",
        headers: student.auth,
      });
      expect(mine.json<{ id: number }[]>().map((one) => one.id)).toContain(answer.json().id);
    } finally {
      await other.close();
    }
  });
});

describe("writes answered before the read models, while those fall behind", () => {
  const projectors = slowProjectors();
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      driver: "pg",
      env: { PROJECTION_WAIT_MS: "5000", PROJECTION_LAG_LIMIT_MS: "100" },
      overrides: { projectors: projectors.wrap },
    });
  });
  afterEach(() => projectors.release());
  afterAll(() => test.close());

  const schedule = (student: Person, trailId: number, day: number) =>
    scheduleOn(test.app, student, trailId, saoPauloTime(day, 10));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("makes the next writer wait once a write answered early has waited longer than the limit, and stops once they catch up", async () => {
    const student = await givenStudent(test.app, { credits: 3 });
    const trail = await aTrail(test.app);
    await expect.poll(() => test.app.eventStore.othersKnown(), POLL).toBe(false);
    projectors.hold("lesson-schedulings");

    const first = schedule(student, trail.id, 3);
    // Answered while its read model is held, well before the 5 s a command waits for one: it did not wait.
    await expect.poll(() => first.answered(), { timeout: 2_000 }).toBe(true);
    expect((await first.answer).statusCode).toBe(201);
    await expect.poll(() => test.app.pendingWrites.behind, POLL).toBe(true);

    const second = schedule(student, trail.id, 4);
    await pause(300);
    expect(second.answered()).toBe(false);
    projectors.release();
    const secondAnswer = await second.answer;
    expect(secondAnswer.statusCode, secondAnswer.body).toBe(201);
    await expect.poll(() => test.app.pendingWrites.behind, POLL).toBe(false);

    // Caught up: the next write answers before its read model shows it again.
    projectors.hold("lesson-schedulings");
    const third = schedule(student, trail.id, 5);
    await expect.poll(() => third.answered(), { timeout: 2_000 }).toBe(true);
    projectors.release();
    const mine = await test.app.inject({
      method: "GET",
      url: "/api/schedulings/authenticatedUser",
      headers: student.auth,
    });
    expect(mine.json<{ id: number }[]>().map((one) => one.id)).toEqual(
      expect.arrayContaining([(await first.answer).json().id, secondAnswer.json().id, (await third.answer).json().id]),
    );
  });
});
