import {
  type AccountEvent,
  type SignInFailureReason,
  signInOfUnknownAccount,
  signInStreams,
  studentStreams,
} from "@el/domain/accounts/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { auditsProjector, countRecentFailuresFrom, pageAudits } from "./audits-projector";

const account = (event: AccountEvent) => on(studentStreams.id(1001), event);
const signedIn = (at: string, ip = "10.0.0.1") =>
  account({ type: "SignedIn", data: { login: "ana@example.com", ip, at } });
const failed = (at: string, reason: SignInFailureReason = "bad_credentials", ip = "10.0.0.1") =>
  account({ type: "SignInFailed", data: { login: "ana@example.com", ip, at, reason } });

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

  it("lists a sign-in with a login no account has, recorded on that login's own stream", () =>
    spec
      .given()
      .when(
        on(
          signInStreams.id("nobody@example.com"),
          signInOfUnknownAccount("nobody@example.com", "10.0.0.3", new Date("2026-03-02T12:00:00.000Z"), 0),
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
        ]);
      }));

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

  it("counts an address's recent failures towards its limit, but not the refusals the limit itself caused", () =>
    spec
      .given(
        failed("2026-03-02T10:00:00.000Z"),
        failed("2026-03-02T10:00:30.000Z", "unknown_account"),
        failed("2026-03-02T10:00:40.000Z", "rate_limited"),
        failed("2026-03-02T10:00:50.000Z", "bad_credentials", "10.0.0.2"),
        signedIn("2026-03-02T10:00:55.000Z"),
      )
      .then(async ({ sql }) => {
        expect(await countRecentFailuresFrom(sql, "10.0.0.1", new Date("2026-03-02T09:59:00.000Z"))).toBe(2);
        expect(await countRecentFailuresFrom(sql, "10.0.0.1", new Date("2026-03-02T10:00:10.000Z"))).toBe(1);
      }));
});
