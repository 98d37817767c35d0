import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { type DisputeMailCommand, type DisputeMailEvent, disputeMailDecider } from "./dispute-mails";

const given = specFor(disputeMailDecider);
const now = new Date("2026-05-06T18:00:00.000Z");
const data = { kind: "opened" as const, recipientId: 7, at: now.toISOString() };
const claim: DisputeMailCommand = { type: "ClaimDisputeMail", kind: "opened", recipientId: 7, now };
const failure: DisputeMailCommand = { type: "ReportDisputeMailFailure", kind: "opened", recipientId: 7, now };
const sent: DisputeMailEvent = { type: "DisputeMailSent", data };
const failed: DisputeMailEvent = { type: "DisputeMailFailed", data };

describe("a dispute's e-mails", () => {
  it("are claimed once: a second sweep finds the claim and sends nothing", () => {
    given([]).when(claim).then([sent]);
    given([sent]).when(claim).then([]);
  });

  it("are claimed again after a failed send, until the attempts are spent", () => {
    given([sent]).when(failure).then([failed]);
    given([sent, failed]).when(claim).then([sent]);
    given([sent, failed, sent, failed, sent, failed]).when(claim).then([]);
    given([]).when(failure).then([]);
  });
});
