import { Writable } from "node:stream";
import { TRIAL_LEVEL_ID } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedTeacher, adminToken, bearer, signedUpStudent, studentForm } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { aTrail, saoPauloTime } from "../../test/lesson-fixtures";
import { checkoutBody } from "../../test/purchase-fixtures";
import { connect, connected, disconnectAll, listen } from "../../test/sockets";

describe("what operators see", () => {
  let test: TestApp;
  let admin: Record<string, string>;
  const logs: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    test = await createTestApp({
      env: { METRICS_TOKEN: "scrape-token-0123456789" },
      logger: { level: "info", stream },
    });
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  const metrics = (headers: Record<string, string> = {}) =>
    test.app.inject({ method: "GET", url: "/metrics", headers });

  it("serves Prometheus metrics to an administrator or the scrape token, never to anyone else", async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics({ authorization: "Bearer not-the-token" })).statusCode).toBe(401);
    const student = await signedUpStudent(test.app);
    expect((await metrics(bearer(student.token))).statusCode).toBe(403);
    expect((await metrics(admin)).statusCode).toBe(200);
    const scraped = await metrics({ authorization: "Bearer scrape-token-0123456789" });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers["content-type"]).toContain("text/plain");
  });

  it("counts requests per route, appends to the event store, each projector's lag and the gateway's calls", async () => {
    const student = await signedUpStudent(test.app);
    await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(student.token) });
    const packages = (await test.app.inject({ method: "GET", url: "/api/item-packages" })).json<{ id: number }[]>();
    await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(student.token),
      payload: checkoutBody(packages[0]?.id, { card: null, method: "PIX" }),
    });
    const text = (await metrics(admin)).body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/account",status_code="200"\} [1-9]/,
    );
    expect(text).toMatch(/eventstore_append_duration_seconds_count [1-9]/);
    expect(text).toMatch(/projection_lag_events\{projector="users",state="[a-z]+"\} \d+/);
    expect(text).toMatch(
      /payment_gateway_call_duration_seconds_count\{gateway="sandbox",operation="createPix",outcome="ok"\} 1/,
    );
    expect(text).toMatch(/realtime_pushes_total\{event="purchase:updated"\} [1-9]/);
    expect(text).toMatch(/realtime_push_latency_seconds_count\{event="purchase:updated"\} [1-9]/);
    // The push followed its event within the scrape's reach: none of them counted as later than 2.5 s.
    const within = text.match(/realtime_push_latency_seconds_bucket\{le="2\.5",event="purchase:updated"\} (\d+)/)?.[1];
    const all = text.match(/realtime_push_latency_seconds_count\{event="purchase:updated"\} (\d+)/)?.[1];
    expect(within).toBe(all);
    expect(text).toMatch(/projection_lag_seconds\{projector="purchases"\} \d/);
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("counts the browsers connected, by role", async () => {
    const url = await listen(test.app);
    const teacher = await acceptedTeacher(test.app);
    const socket = connect(url, teacher.token);
    await connected(socket);
    expect((await metrics(admin)).body).toMatch(/realtime_sockets\{role="teacher"\} 1/);
    disconnectAll();
  });

  it("gives every request an id, answered in X-Request-Id, written on its one log line and on the events it causes", async () => {
    const student = await signedUpStudent(test.app);
    logs.length = 0;
    const granted = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.email}/credits`,
      headers: { ...admin, "x-request-id": "trace-4242" },
      payload: { amount: 2 },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.headers["x-request-id"]).toBe("trace-4242");
    const lines = logs.filter((line) => line.includes('"reqId":"trace-4242"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ msg: "request", statusCode: 200, method: "POST" });
    const { rows } = await test.app.db.query<{ correlation: string }>(
      "select metadata->>'correlationId' as correlation from es_events where type = 'CreditsGranted' order by global_position desc limit 1",
    );
    expect(rows[0]?.correlation).toBe("trace-4242");

    // A public route's command records it too: a sign-up.
    const signUp = await test.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "x-request-id": "signup-7" },
      payload: studentForm(),
    });
    expect(signUp.statusCode).toBe(201);
    const registered = await test.app.db.query<{ correlation: string }>(
      "select metadata->>'correlationId' as correlation from es_events where type = 'StudentRegistered' order by global_position desc limit 1",
    );
    expect(registered.rows[0]?.correlation).toBe("signup-7");

    // And a lesson's: the new student's free trial lesson.
    const newcomer = await signedUpStudent(test.app);
    const trial = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: { ...bearer(newcomer.token), "x-request-id": "lesson-31" },
      payload: {
        trail: { id: (await aTrail(test.app, TRIAL_LEVEL_ID)).id },
        date: saoPauloTime(2, 9),
        objective: "TRAVEL",
      },
    });
    expect(trial.statusCode, trial.body).toBe(201);
    const scheduled = await test.app.db.query<{ correlation: string }>(
      "select metadata->>'correlationId' as correlation from es_events where type = 'LessonScheduled' order by global_position desc limit 1",
    );
    expect(scheduled.rows[0]?.correlation).toBe("lesson-31");

    const odd = await test.app.inject({
      method: "GET",
      url: "/api/item-packages",
      headers: { "x-request-id": "a b\nc" },
    });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
