import { randomUUID } from "node:crypto";
import { PERSON_REMOVED, unknownSignInDay, unknownSignInStreams } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, authenticate, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { shredExpiredSignIns, UNKNOWN_SIGN_IN_RETENTION_DAYS } from "./unknown-sign-in-retention";

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

interface Audit {
  id: number;
  principal: string;
  data: { remoteAddress: string; message?: string };
}

describe("sign-ins with a login no account has", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const audits = async () =>
    (
      await test.app.inject({
        method: "GET",
        url: "/management/audits?page=0&size=1000&sort=auditEventDate,desc",
        headers: bearer(await adminToken(test.app)),
      })
    ).json<Audit[]>();
  const storedText = async () =>
    (await test.db.query<{ data: string }>("select data::text as data from es_events")).rows
      .map((row) => row.data)
      .join("\n");

  it("keep a keyed digest of the login and never the login, so an erased person typing it again is not recorded", async () => {
    for (const ip of ["10.30.0.1", "10.30.0.1", "10.30.0.2"])
      expect((await authenticate(test.app, "Erased.Person@Example.com", "guess", { ip })).statusCode).toBe(401);
    expect((await authenticate(test.app, "someone.else@example.com", "guess", { ip: "10.30.0.3" })).statusCode).toBe(
      401,
    );

    expect(await storedText()).not.toMatch(/erased\.person|someone\.else/i);
    const { rows } = await test.db.query("select 1 from audits where principal ilike '%@example.com%'");
    expect(rows).toEqual([]);
    const mine = (await audits()).filter((audit) => audit.data.remoteAddress.startsWith("10.30.0."));
    const digests = new Set(mine.map((audit) => audit.principal));
    expect(mine).toHaveLength(4);
    // One digest per login, whatever the address: the pair's limits still count it.
    expect(digests.size).toBe(2);
    for (const digest of digests) expect(digest).toMatch(/^hmac:[0-9a-f]{64}$/);
  });

  it(`are shredded ${UNKNOWN_SIGN_IN_RETENTION_DAYS} days on, sealed or written in the clear by older versions`, async () => {
    const at = (days: number) => daysAgo(days).toISOString();
    const expired = unknownSignInStreams.id(unknownSignInDay(daysAgo(UNKNOWN_SIGN_IN_RETENTION_DAYS + 2)));
    const kept = unknownSignInStreams.id(unknownSignInDay(daysAgo(UNKNOWN_SIGN_IN_RETENTION_DAYS - 2)));
    const appended = await test.app.eventStore.appendMany(
      [expired, kept].map((streamId) => ({
        streamId,
        events: [
          {
            type: "SignInFailed",
            data: { login: "hmac:00", ip: "10.31.0.1", at: at(90), reason: "unknown_account" as const },
          },
        ],
        expectedVersion: "any" as const,
      })),
    );
    expect(await storedText()).not.toContain("10.31.0.1");
    await test.app.projections.waitFor(appended.lastPosition, ["audits"]);

    // As older versions stored them: the typed login in the clear, in the day's stream or a stream of its own.
    const legacyDay = unknownSignInStreams.id(unknownSignInDay(daysAgo(200)));
    const legacyOwn = `sign-in-${randomUUID()}@example.com`;
    for (const [streamId, login] of [
      [legacyDay, "old.typo@example.com"],
      [legacyOwn, "own.stream@example.com"],
    ] as const) {
      await test.db.query("insert into es_streams (stream_id, version) values ($1, 1)", [streamId]);
      await test.db.query(
        `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id, recorded_at)
         values ($1, 1, 'SignInFailed', 1, $2::jsonb, $3::jsonb, $4, $5)`,
        [
          streamId,
          JSON.stringify({ login, ip: "10.32.0.1", at: at(200), reason: "unknown_account" }),
          JSON.stringify({ occurredAt: at(200), userId: "anonymous" }),
          randomUUID(),
          at(200),
        ],
      );
    }
    // Stored behind the store's back, so no wake-up: the projector finds them at its next look.
    await expect
      .poll(async () => (await audits()).filter((audit) => audit.data.remoteAddress === "10.32.0.1").length, {
        timeout: 10_000,
      })
      .toBe(2);

    const shredded = await shredExpiredSignIns(test.app, new Date());
    expect(shredded).toEqual(expect.arrayContaining([expired, legacyDay, legacyOwn]));
    expect(shredded).not.toContain(kept);
    expect(shredded).not.toContain(unknownSignInStreams.id(unknownSignInDay(new Date())));

    const after = await audits();
    const principals = after.map((audit) => audit.principal).join("\n");
    expect(principals).not.toMatch(/old\.typo|own\.stream/);
    expect(after.filter((audit) => audit.data.remoteAddress === "10.32.0.1")).toEqual([]);
    // Each attempt stays, when it happened and how it ended; who and from where are gone.
    expect(
      after.filter((audit) => audit.principal === PERSON_REMOVED && audit.data.remoteAddress === PERSON_REMOVED),
    ).toHaveLength(3);
    expect(after.filter((audit) => audit.data.remoteAddress === "10.31.0.1")).toHaveLength(1);
    for (const streamId of [expired, legacyDay, legacyOwn]) {
      const events = await test.app.eventStore.readStream(streamId);
      expect(events.map((event) => event.data)).toEqual([
        expect.objectContaining({ login: PERSON_REMOVED, ip: PERSON_REMOVED, reason: "unknown_account" }),
      ]);
    }

    expect(await shredExpiredSignIns(test.app, new Date())).toEqual([]);
  });
});
