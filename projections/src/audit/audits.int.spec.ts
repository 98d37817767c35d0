import {
  type AccountEvent,
  type SignInFailureReason,
  signInOfUnknownAccount,
  signInStreams,
  studentStreams,
  unknownSignInDay,
  unknownSignInStreams,
} from "@el/domain/accounts/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { auditsProjector, pageAudits, recentSignInFailures } from "./audits-projector";

const account = (event: AccountEvent) => on(studentStreams.id(1001), event);
const signedIn = (at: string, ip = "10.0.0.1", login = "ana@example.com") =>
  account({ type: "SignedIn", data: { login, ip, at } });
const failed = (
  at: string,
  reason: SignInFailureReason = "bad_credentials",
  ip = "10.0.0.1",
  login = "ana@example.com",
) => account({ type: "SignInFailed", data: { login, ip, at, reason } });
const none = { pair: { count: 0 }, address: { count: 0 } };

const newestFirst = { page: 0, size: 20, sort: [{ field: "auditEventDate" as const, direction: "desc" as const }] };

describe("audits read model", () => {
  const spec = projectionSpec(auditsProjector);
  afterAll(() => spec.close());

  it("lists each sign-in as JHipster's audit screen shows it, newest first", () =>
    spec
      .given()
      .when(signedIn("2026-03-02T10:00:00.000Z"), failed("2026-03-02T11:00:00.000Z", "not_activated"))
      .then(async ({ sql }) => {
        const { audits, total } = await pageAudits(sql, newestFirst);
        expect(total).toBe(2);
        expect(audits.map(({ id: _, ...audit }) => audit)).toEqual([
          {
            principal: "ana@example.com",
            timestamp: "2026-03-02T11:00:00.000Z",
            type: "AUTHENTICATION_FAILURE",
            data: { remoteAddress: "10.0.0.1", message: "not_activated" },
          },
          {
            principal: "ana@example.com",
            timestamp: "2026-03-02T10:00:00.000Z",
            type: "AUTHENTICATION_SUCCESS",
            data: { remoteAddress: "10.0.0.1" },
          },
        ]);
      }));

  it("lists a sign-in with a login no account has, from the day's stream or the login's own of older versions", () => {
    const at = new Date("2026-03-02T12:00:00.000Z");
    return spec
      .given(
        on(
          signInStreams.id("old@example.com"),
          signInOfUnknownAccount("old@example.com", "10.0.0.3", new Date("2026-03-01T12:00:00.000Z"), none),
        ),
      )
      .when(
        on(
          unknownSignInStreams.id(unknownSignInDay(at)),
          signInOfUnknownAccount("nobody@example.com", "10.0.0.3", at, none),
        ),
      )
      .then(async ({ sql }) => {
        const { audits } = await pageAudits(sql, newestFirst);
        expect(audits.map(({ id: _, ...audit }) => audit)).toEqual([
          {
            principal: "nobody@example.com",
            timestamp: "2026-03-02T12:00:00.000Z",
            type: "AUTHENTICATION_FAILURE",
            data: { remoteAddress: "10.0.0.3", message: "unknown_account" },
          },
          {
            principal: "old@example.com",
            timestamp: "2026-03-01T12:00:00.000Z",
            type: "AUTHENTICATION_FAILURE",
            data: { remoteAddress: "10.0.0.3", message: "unknown_account" },
          },
        ]);
      });
  });

  it("keeps only the sign-ins between two dates, the end excluded", () =>
    spec
      .given(
        signedIn("2026-03-01T23:59:59.000Z"),
        signedIn("2026-03-02T00:00:00.000Z"),
        signedIn("2026-03-02T23:59:59.000Z"),
        signedIn("2026-03-03T00:00:00.000Z"),
      )
      .then(async ({ sql }) => {
        const { audits, total } = await pageAudits(sql, {
          ...newestFirst,
          from: new Date("2026-03-02T00:00:00.000Z"),
          to: new Date("2026-03-03T00:00:00.000Z"),
        });
        expect(total).toBe(2);
        expect(audits.map((audit) => audit.timestamp)).toEqual([
          "2026-03-02T23:59:59.000Z",
          "2026-03-02T00:00:00.000Z",
        ]);
      }));

  it("counts an address's recent failures and a login's from it since its last success, not the refusals the limits caused", () =>
    spec
      .given(
        failed("2026-03-02T10:00:00.000Z"),
        failed("2026-03-02T10:00:30.000Z", "unknown_account", "10.0.0.1", "ghost"),
        failed("2026-03-02T10:00:40.000Z", "rate_limited"),
        failed("2026-03-02T10:00:50.000Z", "bad_credentials", "10.0.0.2"),
        signedIn("2026-03-02T10:00:55.000Z", "10.0.0.2"),
        failed("2026-03-02T10:00:56.000Z"),
      )
      .then(async ({ sql }) => {
        const count = (principal: string, ip: string, since: string) =>
          recentSignInFailures(sql, { principal, ip, since: new Date(since) });
        expect(await count("ana@example.com", "10.0.0.1", "2026-03-02T09:59:00.000Z")).toEqual({
          pair: { count: 2, last: "2026-03-02T10:00:56.000Z" },
          address: { count: 3, last: "2026-03-02T10:00:56.000Z" },
        });
        expect(await count("ghost", "10.0.0.1", "2026-03-02T10:00:10.000Z")).toEqual({
          pair: { count: 1, last: "2026-03-02T10:00:30.000Z" },
          address: { count: 2, last: "2026-03-02T10:00:56.000Z" },
        });
        // 10.0.0.2 signed in after its failure: the pair starts again, the address does not.
        expect(await count("ana@example.com", "10.0.0.2", "2026-03-02T09:59:00.000Z")).toEqual({
          pair: { count: 0 },
          address: { count: 1, last: "2026-03-02T10:00:50.000Z" },
        });
      }));
});
