import { createHash } from "node:crypto";
import type { AuditEventsPage, ChainReport, StreamHistory } from "@el/domain/audit/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";
import { givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The chain's rule, written here independently of the product's code, as an outside checker would: the line's
 * `content` is its type, data and metadata as stored (each JSON text on a line of its own, so it splits in three);
 * its sha256 is the digest, and the link hashes the previous link, a line feed and `{"digest","stream","version"}`.
 */
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const linkOf = (
  previous: string,
  line: { type: string; stream: string; version: number; data: unknown; metadata: unknown; content: string },
) => {
  const [type, data, metadata, ...rest] = line.content.split("\n");
  expect(rest).toEqual([]);
  expect([type, JSON.parse(data as string), JSON.parse(metadata as string)]).toEqual([
    line.type,
    line.data,
    line.metadata,
  ]);
  return sha256(
    `${previous}\n${JSON.stringify({ digest: sha256(line.content), stream: line.stream, version: line.version })}`,
  );
};

describe("the auditors' history", () => {
  let test: TestApp;
  let auditor: { auth: Record<string, string> };
  let admin: Record<string, string>;
  let student: Person;
  let teacher: Person;
  /** Instants between the student's events: after the grant, before the first lesson's credit was spent. */
  let afterGrant: string;
  let afterSpent: string;

  const get = <T>(url: string, auth: Record<string, string> = auditor.auth) =>
    test.app.inject({ method: "GET", url, headers: auth }).then((response) => ({
      status: response.statusCode,
      body: response.statusCode === 200 && !url.startsWith("/api/audit/export") ? (response.json() as T) : undefined,
      response,
    }));

  beforeAll(async () => {
    test = await createTestApp();
    auditor = await givenAuditor(test.app);
    admin = bearer(await adminToken(test.app));
    student = await givenStudent(test.app);
    teacher = await givenTeacher(test.app);
    const studentStream = `student-${student.id}`;
    // Written outside any request: like the events stored before the audit metadata, they do not say who or why.
    await test.app.eventStore.append(
      studentStream,
      [{ type: "CreditsGranted", data: { amount: 4, grantedBy: "admin" } }],
      {
        expectedVersion: "any",
      },
    );
    await sleep(20);
    afterGrant = new Date().toISOString();
    await sleep(20);
    await test.app.eventStore.append(
      studentStream,
      [{ type: "CreditSpent", data: { lessonId: 900001, schedulingId: 900001 } }],
      { expectedVersion: "any", metadata: { userId: String(student.id), correlationId: "schedule-request-1" } },
    );
    await sleep(20);
    afterSpent = new Date().toISOString();
  });
  afterAll(() => test.close());

  it("answers auditors and administrators, refuses students and teachers (403) and anonymous callers (401)", async () => {
    const routes = [
      "/api/audit/events",
      `/api/audit/streams/student-${student.id}`,
      "/api/audit/verify",
      `/api/audit/export?stream=student-${student.id}`,
    ];
    for (const url of routes) {
      expect((await get(url, {})).status, url).toBe(401);
      expect((await get(url, student.auth)).status, url).toBe(403);
      expect((await get(url, teacher.auth)).status, url).toBe(403);
      expect((await get(url, auditor.auth)).status, url).toBe(200);
      expect((await get(url, admin)).status, url).toBe(200);
    }
  });

  it("lists a stream's events in global order, with who, request and time, and `unknown` where an old event does not say", async () => {
    const { body } = await get<AuditEventsPage>(`/api/audit/events?stream=student-${student.id}`);
    expect(body?.content.map((event) => event.type)).toEqual(["StudentRegistered", "CreditsGranted", "CreditSpent"]);
    const [, granted, spent] = body?.content ?? [];
    expect(granted).toMatchObject({ who: "unknown", correlation: "unknown", version: 2, data: { amount: 4 } });
    expect(spent).toMatchObject({ who: String(student.id), correlation: "schedule-request-1", version: 3 });
    expect(Date.parse(spent?.time ?? "")).toBeGreaterThan(Date.parse(afterGrant));
    expect(spent?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("filters by type, by who caused the events, and by time", async () => {
    const byType = await get<AuditEventsPage>("/api/audit/events?type=TeacherApplied");
    expect(byType.body?.content.map((event) => event.stream)).toEqual([`teacher-${teacher.id}`]);

    const byUser = await get<AuditEventsPage>(`/api/audit/events?userId=${student.id}`);
    expect(byUser.body?.content.map((event) => event.type)).toEqual(["CreditSpent"]);
    const bySystem = await get<AuditEventsPage>("/api/audit/events?userId=system&size=500");
    expect(bySystem.body?.content.length).toBeGreaterThan(0);
    expect(bySystem.body?.content.every((event) => event.who === "system")).toBe(true);

    const between = await get<AuditEventsPage>(
      `/api/audit/events?from=${encodeURIComponent(afterGrant)}&to=${encodeURIComponent(afterSpent)}`,
    );
    expect(between.body?.content.map((event) => event.type)).toEqual(["CreditSpent"]);
  });

  it("pages by a cursor: each page starts right after the last one, with no event twice or skipped", async () => {
    const all = (await get<AuditEventsPage>("/api/audit/events?size=500")).body?.content ?? [];
    expect(all.length).toBeGreaterThan(5);
    const paged: string[] = [];
    let url = "/api/audit/events?size=3";
    for (let pages = 0; pages < 200; pages++) {
      const { body } = await get<AuditEventsPage>(url);
      paged.push(...(body?.content.map((event) => event.position) ?? []));
      if (!body?.next) break;
      url = `/api/audit/events?size=3&after=${body.next}`;
    }
    expect(paged).toEqual(all.map((event) => event.position));
  });

  it("pages every kind of filter in global order, by a cursor, as one page would list it", async () => {
    const all = (await get<AuditEventsPage>("/api/audit/events?size=500")).body?.content ?? [];
    const counts = new Map<string, number>();
    for (const event of all) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    const [commonType] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    const filters = [
      `type=${commonType}`,
      "userId=system",
      // A period of a few weeks is paged from the time index, a longer one along the chain.
      `from=${encodeURIComponent(new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString())}`,
      "from=2000-01-01T00:00:00Z",
    ];
    for (const filter of filters) {
      const whole = (await get<AuditEventsPage>(`/api/audit/events?${filter}&size=500`)).body?.content ?? [];
      expect(whole.length, filter).toBeGreaterThan(3);
      const links = whole.map((event) => BigInt(event.link ?? "0"));
      expect(links, filter).toEqual([...links].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const paged: string[] = [];
      let url = `/api/audit/events?${filter}&size=2`;
      for (let pages = 0; pages < 300; pages++) {
        const { body } = await get<AuditEventsPage>(url);
        paged.push(...(body?.content.map((event) => event.position) ?? []));
        if (!body?.next) break;
        url = `/api/audit/events?${filter}&size=2&after=${body.next}`;
      }
      // The test app's own sweeps may store a system event while the pages are read: it comes after, never between.
      expect(paged.slice(0, whole.length), filter).toEqual(whole.map((event) => event.position));
    }
  });

  it("refuses a malformed cursor, an upside-down range and a page too large, with the field at fault", async () => {
    for (const query of ["after=12:34", "from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z", "size=100000"]) {
      const { status, response } = await get(`/api/audit/events?${query}`);
      expect(status, query).toBe(400);
      expect(response.json().fieldErrors?.length, query).toBeGreaterThan(0);
    }
  });

  it("shows a student's balance at an instant, and the events that made it so", async () => {
    const then = await get<StreamHistory>(
      `/api/audit/streams/student-${student.id}?at=${encodeURIComponent(afterGrant)}`,
    );
    expect(then.body?.kind).toBe("student");
    expect(then.body?.state).toMatchObject({ balance: 4 });
    expect(then.body?.events.map(({ event }) => event.type)).toEqual(["StudentRegistered", "CreditsGranted"]);

    const now = await get<StreamHistory>(`/api/audit/streams/student-${student.id}`);
    expect(now.body?.state).toMatchObject({ balance: 3 });
    expect(now.body?.events.map(({ stateAfter }) => (stateAfter as { balance: number }).balance)).toEqual([0, 4, 3]);
  });

  it("answers 404 for a stream that holds no event", async () => {
    expect((await get("/api/audit/streams/student-999999999")).status).toBe(404);
  });

  it("exports a stream as NDJSON whose every line a copy can check, ending with the chain's head", async () => {
    const { response } = await get(`/api/audit/export?stream=student-${student.id}`);
    expect(response.headers["content-type"]).toContain("application/x-ndjson");
    const lines = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const last = lines.pop();
    expect(lines.map((line) => line.type)).toEqual(["StudentRegistered", "CreditsGranted", "CreditSpent"]);
    for (const line of lines) expect(linkOf(line.previousHash, line)).toBe(line.hash);
    const verify = await get<ChainReport>("/api/audit/verify");
    expect(last.count).toBe(3);
    expect(last.head.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verify.body?.checked).toBeGreaterThanOrEqual(3);
  });

  it("exports a time range whose lines link one to the next", async () => {
    const { response } = await get(`/api/audit/export?from=2000-01-01T00:00:00Z&to=${encodeURIComponent(afterSpent)}`);
    const lines = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    lines.pop();
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[0].previousHash).toBe("0".repeat(64));
    lines.forEach((line, index) => {
      expect(linkOf(line.previousHash, line)).toBe(line.hash);
      if (index > 0) expect(line.previousHash).toBe(lines[index - 1].hash);
    });
  });

  it("refuses an export with neither a stream nor a whole range", async () => {
    const { status, response } = await get("/api/audit/export?from=2026-01-01T00:00:00Z");
    expect(status).toBe(400);
    expect(response.json().fieldErrors?.[0]?.field).toBe("stream");
  });

  it("verifies the chain, and finds the first event whose row was edited by SQL", async () => {
    const before = await get<ChainReport>("/api/audit/verify");
    expect(before.body).toMatchObject({ ok: true, brokenAt: null, unchained: 0 });
    const { rows } = await test.db.query<{ global_position: string }>(
      "select global_position from es_events where stream_id = $1 and type = 'CreditsGranted'",
      [`student-${student.id}`],
    );
    const edited = rows[0]?.global_position;
    await test.db.query(`update es_events set data = jsonb_set(data, '{amount}', '40') where global_position = $1`, [
      edited,
    ]);
    const after = await get<ChainReport>("/api/audit/verify");
    expect(after.body?.ok).toBe(false);
    expect(after.body?.brokenAt).toMatchObject({ stream: `student-${student.id}`, version: 2 });
    expect(after.body?.brokenAt?.position.endsWith(`:${edited}`)).toBe(true);
  });
});
