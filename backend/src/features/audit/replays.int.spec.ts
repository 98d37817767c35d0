import type { ReplayView } from "@el/domain/audit/replays";
import type { Push } from "@el/projections";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";
import type { Mail, Mailer } from "../../plugins/mailer";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the replay until it is no longer running (a replay runs in the background after its 202). */
const finished = async (app: FastifyInstance, auth: Record<string, string>, id: string) => {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const replay = (await app.inject({ url: `/api/audit/replays/${id}`, headers: auth })).json() as ReplayView;
    if (replay.status !== "running") return replay;
    await sleep(50);
  }
  throw new Error(`replay ${id} still running`);
};

const schemaExists = async (test: TestApp, id: string) =>
  (
    await test.db.query<{ count: string | number }>(
      "select count(*) as count from information_schema.schemata where schema_name = $1",
      [`replay_${id}`],
    )
  ).rows[0]?.count;

describe.each(["pglite", "pg"] as const)("replaying lesson control to a moment on %s", (driver) => {
  let test: TestApp;
  let auditor: Awaited<ReturnType<typeof givenAuditor>>;
  let student: Person;
  let teacher: Person;
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };

  beforeAll(async () => {
    test = await createTestApp({ driver, overrides: { mailer } });
    auditor = await givenAuditor(test.app);
    student = await givenStudent(test.app);
    teacher = await givenTeacher(test.app);
  });
  afterAll(() => test.close());
  afterEach(() => disconnectAll());

  const lessons = (count: number, accepted: boolean) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        givenLesson(test.app, student, {
          date: new Date(Date.UTC(2026, 2, 10 + index, 13)),
          ...(accepted ? { teacher } : {}),
        }),
      ),
    );

  it("answers the lesson-control list and totals as they stood at the instant, while the live ones go on", async () => {
    await lessons(3, true);
    await sleep(30);
    const at = new Date().toISOString();
    await sleep(30);
    // Stored after the instant: the replay must not show them.
    await lessons(2, false);
    const admin = bearer(await adminToken(test.app));
    const liveBefore = (await test.app.inject({ url: "/api/lessons?size=100", headers: admin })).json();

    const url = await listen(test.app);
    const socket = connect(url, auditor.token);
    await connected(socket);
    const pushed: Push[] = [];
    const record = (batch: Push[]) => pushed.push(...batch);
    test.app.pushes.on("push", record);
    const mailsBefore = mails.length;
    try {
      const started = await test.app.inject({
        method: "POST",
        url: "/api/audit/replays",
        headers: auditor.auth,
        payload: { projection: "lesson-schedulings", at },
      });
      expect(started.statusCode, started.body).toBe(202);
      const replay = started.json() as ReplayView;
      expect(started.headers.location).toBe(`/api/audit/replays/${replay.id}`);
      expect(replay).toMatchObject({ projection: "lesson-schedulings", at, requestedBy: String(auditor.id) });
      const done = next(socket, "replay:progress", (payload) => payload.id === replay.id && payload.status === "done");

      const finishedReplay = await finished(test.app, auditor.auth, replay.id);
      expect(finishedReplay).toMatchObject({ status: "done", error: null });
      expect(finishedReplay.replayed).toBeGreaterThan(0);
      expect((await done).replayed).toBe(finishedReplay.replayed);

      const list = await test.app.inject({
        url: `/api/lessons?size=100&replay=${replay.id}`,
        headers: auditor.auth,
      });
      expect(list.statusCode, list.body).toBe(200);
      const replayedIds = (list.json().content as { id: number }[]).map((lesson) => lesson.id);
      const liveIds = (liveBefore.content as { id: number }[]).map((lesson) => lesson.id);
      expect(list.json().totalElements).toBe(liveBefore.totalElements - 2);
      expect(liveIds).toEqual(expect.arrayContaining(replayedIds));
      const totals = await test.app.inject({
        url: `/api/lessons/totals?replay=${replay.id}`,
        headers: auditor.auth,
      });
      expect(totals.json().lessons).toBe(liveBefore.totalElements - 2);

      // The live list is untouched by the replay, and an administrator reads it as before.
      const live = await test.app.inject({ url: "/api/lessons?size=100", headers: admin });
      expect(live.json().totalElements).toBe(liveBefore.totalElements);

      // Nothing but the replay's own progress went out: no lesson pushes, no e-mails.
      expect(pushed.length).toBeGreaterThan(0);
      expect(pushed.every((push) => push.event === "replay:progress" && push.room === "role:auditor")).toBe(true);
      expect(mails.length).toBe(mailsBefore);

      const listed = await test.app.inject({ url: "/api/audit/replays", headers: auditor.auth });
      expect(listed.json().map((item: ReplayView) => item.id)).toContain(replay.id);

      const removed = await test.app.inject({
        method: "DELETE",
        url: `/api/audit/replays/${replay.id}`,
        headers: auditor.auth,
      });
      expect(removed.statusCode).toBe(204);
      expect(Number(await schemaExists(test, replay.id))).toBe(0);
      expect(
        (await test.app.inject({ url: `/api/audit/replays/${replay.id}`, headers: auditor.auth })).statusCode,
      ).toBe(404);
      expect(
        (await test.app.inject({ url: `/api/lessons?replay=${replay.id}`, headers: auditor.auth })).statusCode,
      ).toBe(404);
    } finally {
      test.app.pushes.off("push", record);
    }
  });

  it("is for auditors and administrators: a student is refused, an auditor reads no live lesson control", async () => {
    const body = { projection: "lesson-schedulings", at: new Date().toISOString() };
    expect(
      (await test.app.inject({ method: "POST", url: "/api/audit/replays", headers: student.auth, payload: body }))
        .statusCode,
    ).toBe(403);
    expect((await test.app.inject({ url: "/api/audit/replays", headers: student.auth })).statusCode).toBe(403);
    expect((await test.app.inject({ url: "/api/lessons?replay=abcdefabcdef", headers: student.auth })).statusCode).toBe(
      403,
    );
    expect((await test.app.inject({ url: "/api/lessons", headers: auditor.auth })).statusCode).toBe(403);
    expect((await test.app.inject({ url: "/api/lessons/totals", headers: auditor.auth })).statusCode).toBe(403);
    const admin = bearer(await adminToken(test.app));
    const byAdmin = await test.app.inject({ method: "POST", url: "/api/audit/replays", headers: admin, payload: body });
    expect(byAdmin.statusCode).toBe(202);
    await finished(test.app, admin, byAdmin.json().id);
  });

  it("refuses a read model it does not know and an instant that is not one", async () => {
    const unknown = await test.app.inject({
      method: "POST",
      url: "/api/audit/replays",
      headers: auditor.auth,
      payload: { projection: "no-such-model", at: new Date().toISOString() },
    });
    expect(unknown.statusCode).toBe(400);
    const badInstant = await test.app.inject({
      method: "POST",
      url: "/api/audit/replays",
      headers: auditor.auth,
      payload: { projection: "lesson-schedulings", at: "ontem" },
    });
    expect(badInstant.statusCode).toBe(400);
    expect((await test.app.inject({ url: "/api/audit/replays/abcdefabcdef", headers: auditor.auth })).statusCode).toBe(
      404,
    );
  });
});

describe("replays are dropped after AUDIT_REPLAY_TTL_MS", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { AUDIT_REPLAY_TTL_MS: "1000" } });
  });
  afterAll(() => test.close());

  it("removes the replay and its schema once its time is up", async () => {
    const auditor = await givenAuditor(test.app);
    const started = await test.app.inject({
      method: "POST",
      url: "/api/audit/replays",
      headers: auditor.auth,
      payload: { projection: "lesson-schedulings", at: new Date().toISOString() },
    });
    const { id } = started.json() as ReplayView;
    await finished(test.app, auditor.auth, id);
    expect(Number(await schemaExists(test, id))).toBe(1);
    for (let waited = 0; waited < 15_000 && Number(await schemaExists(test, id)) > 0; waited += 100) await sleep(100);
    expect(Number(await schemaExists(test, id))).toBe(0);
    expect((await test.app.inject({ url: `/api/audit/replays/${id}`, headers: auditor.auth })).statusCode).toBe(404);
  });
});
