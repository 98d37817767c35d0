import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import { MAX_MAIL_ATTEMPTS } from "./lesson-mails";
import { mailOnLapse, mailOnRequest, type RequestMailEvent, requestMailDecider } from "./request-mails";

const given = specFor(requestMailDecider);
const now = new Date("2026-11-24T12:00:00.000Z");
const claim = { type: "ClaimRequestMail" as const, kind: "requested" as const, recipientId: 21, now };
const report = { ...claim, type: "ReportRequestMailFailure" as const };
const data = { kind: "requested" as const, recipientId: 21, at: now.toISOString() };
const sent: RequestMailEvent = { type: "RequestMailSent", data };
const failed: RequestMailEvent = { type: "RequestMailFailed", data };

describe("request e-mails", () => {
  it("tells the teacher asked at once, while they may still answer", () =>
    expect(mailOnRequest("2026-11-24T12:00:00.000Z", "2026-11-25T00:00:00.000Z")).toEqual({
      kind: "requested",
      to: "teacher",
      dueAt: now.getTime(),
      expiresAt: Date.parse("2026-11-25T00:00:00.000Z"),
    }));

  it("tells the student of a decline or an expiry at once, for half a day", () => {
    expect(mailOnLapse("DECLINED", now.toISOString())).toEqual({
      kind: "declined",
      to: "student",
      dueAt: now.getTime(),
      expiresAt: Date.parse("2026-11-25T00:00:00.000Z"),
    });
    expect(mailOnLapse("EXPIRED", now.toISOString()).kind).toBe("expired");
  });

  it("given no claim, when claimed, then it is sent; given a claim, a second claim sends nothing", () => {
    given([]).when(claim).then([sent]);
    given([sent]).when(claim).then([]);
    given([sent])
      .when({ ...claim, kind: "declined" })
      .then([{ type: "RequestMailSent", data: { ...data, kind: "declined" } }]);
  });

  it("given a failed send, it may be claimed again, until the attempts are spent", () => {
    given([sent]).when(report).then([failed]);
    given([]).when(report).then([]);
    given([sent, failed]).when(claim).then([sent]);
    const spent = Array.from({ length: MAX_MAIL_ATTEMPTS }, () => [sent, failed]).flat();
    given(spent).when(claim).then([]);
  });
});
