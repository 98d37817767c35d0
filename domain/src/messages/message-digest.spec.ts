import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { type MessageDigestEvent, messageDigestDecider } from "./message-digest";

const given = specFor(messageDigestDecider);
const now = new Date("2026-12-01T12:30:00Z");
const at = now.toISOString();
const first = "2026-12-01T12:00:00.000Z";
const second = "2026-12-01T12:10:00.000Z";
const sentThrough = (through: string): MessageDigestEvent => ({ type: "MessageDigestSent", data: { through, at } });
const failed = (through: string, failures: number, after: string | null = null): MessageDigestEvent => ({
  type: "MessageDigestFailed",
  data: { through, after, failures, at },
});

describe("the e-mail digest of unread messages", () => {
  it("is claimed once for the messages up to an instant: a second process's claim stores nothing", () => {
    given([])
      .when({ type: "ClaimMessageDigest", through: first, now })
      .then([sentThrough(first)]);
    given([sentThrough(first)])
      .when({ type: "ClaimMessageDigest", through: first, now })
      .then([]);
  });

  it("lists newer messages in a later digest", () => {
    given([sentThrough(first)])
      .when({ type: "ClaimMessageDigest", through: second, now })
      .then([sentThrough(second)]);
  });

  it("gives a failed send's messages back for the next sweep, until its attempts are spent", () => {
    given([sentThrough(first)])
      .when({ type: "ReportMessageDigestFailure", through: first, now })
      .then([failed(first, 1)]);
    given([sentThrough(first), failed(first, 1)])
      .when({ type: "ClaimMessageDigest", through: first, now })
      .then([sentThrough(first)]);
    given([sentThrough(first), failed(first, 1), sentThrough(first), failed(first, 2), sentThrough(first)])
      .when({ type: "ReportMessageDigestFailure", through: first, now })
      .then([failed(first, 3)]);
    given([
      sentThrough(first),
      failed(first, 1),
      sentThrough(first),
      failed(first, 2),
      sentThrough(first),
      failed(first, 3),
    ])
      .when({ type: "ClaimMessageDigest", through: first, now })
      .then([]);
  });
});
