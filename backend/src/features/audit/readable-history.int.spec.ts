import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { AuditEvent, AuditEventsPage, ChainReport, StreamHistory } from "@el/domain/audit/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";

describe("the auditors' history, readable by a person (LGPD-sealed fields opened)", () => {
  let test: TestApp;
  let auditor: { auth: Record<string, string> };
  let admin: Record<string, string>;

  const get = async (url: string) => {
    const response = await test.app.inject({ method: "GET", url, headers: auditor.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const registrationIn = async (stream: string) => {
    const events = (await get(`/api/audit/events?stream=${stream}`)).json<AuditEventsPage>().content;
    const fromStream = (await get(`/api/audit/streams/${stream}`)).json<StreamHistory>().events;
    const registered = (list: AuditEvent[]) => list.find((event) => event.type === "StudentRegistered");
    return {
      timeline: registered(events) as AuditEvent,
      stream: registered(fromStream.map(({ event }) => event)) as AuditEvent,
    };
  };

  beforeAll(async () => {
    test = await createTestApp();
    auditor = await givenAuditor(test.app);
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  it("shows a registered student's e-mail and name, 'titular removido' once erased, and the chain still verifies", async () => {
    const student = await signedUpStudent(test.app, { firstName: "Iracema" });
    const stream = `student-${student.id}`;

    const before = await registrationIn(stream);
    for (const event of [before.timeline, before.stream]) {
      // As stored, sealed: the chain is computed over this form.
      expect(JSON.stringify(event.data)).not.toContain(student.email);
      expect((event.data as { email: string }).email).toMatch(/^pd1:/);
      // Opened for the person reading it.
      expect(event.opened).toMatchObject({ email: student.email, login: student.email, firstName: "Iracema" });
    }

    const erased = await test.app.inject({ method: "POST", url: `/api/users/${student.email}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);

    const after = await registrationIn(stream);
    for (const event of [after.timeline, after.stream]) {
      expect(event.data).toEqual(before.timeline.data);
      expect(event.opened).toMatchObject({ email: PERSON_REMOVED, login: PERSON_REMOVED, firstName: PERSON_REMOVED });
      expect(JSON.stringify(event.opened)).not.toContain(student.email);
    }
    expect(after.timeline.hash).toBe(before.timeline.hash);
    const chain = (await get("/api/audit/verify")).json<ChainReport>();
    expect(chain).toMatchObject({ ok: true, brokenAt: null });
  });

  it("exports the events as stored, sealed, without an opened copy (the export is for checking the chain)", async () => {
    const student = await signedUpStudent(test.app);
    const response = await get(`/api/audit/export?stream=student-${student.id}`);
    const [registered] = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(registered.type).toBe("StudentRegistered");
    expect(registered).not.toHaveProperty("opened");
    expect(response.body).not.toContain(student.email);
  });
});
