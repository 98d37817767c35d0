import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { type AccountMailEvent, accountMailDecider, mailOnAccountCreated, mailOnPurchasePaid } from "./account-mails";
import { MAX_MAIL_ATTEMPTS } from "./lesson-mails";

const now = new Date("2026-11-24T12:00:00.000Z");
const claim = { type: "ClaimAccountMail" as const, kind: "purchase-paid" as const, ref: 42, now };
const sent: AccountMailEvent = {
  type: "AccountMailSent",
  data: { kind: "purchase-paid", ref: 42, at: now.toISOString() },
};
const failed: AccountMailEvent = {
  type: "AccountMailFailed",
  data: { kind: "purchase-paid", ref: 42, at: now.toISOString() },
};

describe("account e-mails", () => {
  it("plans the welcome and a purchase's confirmation at once, each worth sending for a day", () => {
    expect(mailOnAccountCreated(now)).toEqual({
      kind: "welcome",
      ref: 0,
      dueAt: now.getTime(),
      expiresAt: Date.parse("2026-11-25T12:00:00.000Z"),
    });
    expect(mailOnPurchasePaid(42, "2026-11-24T12:00:00.000Z")).toEqual({
      kind: "purchase-paid",
      ref: 42,
      dueAt: now.getTime(),
      expiresAt: Date.parse("2026-11-25T12:00:00.000Z"),
    });
  });

  it("given no claim, when claimed, then it is sent; given a claim, a second claim sends nothing", () => {
    expect(accountMailDecider.decide(claim, accountMailDecider.initialState())).toEqual([sent]);
    expect(accountMailDecider.decide(claim, stateFrom(accountMailDecider, [sent]))).toEqual([]);
    // Another purchase is another e-mail.
    expect(accountMailDecider.decide({ ...claim, ref: 43 }, stateFrom(accountMailDecider, [sent]))).toHaveLength(1);
  });

  it("given a failed send, it may be claimed again, until the attempts are spent", () => {
    const once = stateFrom(accountMailDecider, [sent, failed]);
    expect(accountMailDecider.decide(claim, once)).toEqual([sent]);
    const spent = stateFrom(accountMailDecider, Array.from({ length: MAX_MAIL_ATTEMPTS }, () => [sent, failed]).flat());
    expect(accountMailDecider.decide(claim, spent)).toEqual([]);
    expect(accountMailDecider.decide({ ...claim, type: "ReportAccountMailFailure" }, spent)).toEqual([]);
  });
});
