import { describe, expect, it } from "vitest";
import { readWakeUp, wakeUpPayload } from "./wake-ups";

describe("a wake-up's payload", () => {
  const head = { transactionId: 812n, globalPosition: 90_417n };

  it("says who stored, the types it stored and where the latest append stands, and reads back the same", () => {
    const payload = wakeUpPayload("a1", new Set(["LessonScheduled", "CreditSpent"]), head);
    expect(payload).toBe("a1|LessonScheduled,CreditSpent|812:90417");
    expect(readWakeUp(payload)).toEqual({ from: "a1", remote: { types: ["LessonScheduled", "CreditSpent"], head } });
  });

  it("names no type when one is no identifier or they would not fit, so it wakes every subscriber", () => {
    expect(wakeUpPayload("a1", new Set(["Lesson'Scheduled"]), head)).toBe("a1||812:90417");
    const many = new Set(Array.from({ length: 400 }, (_, index) => `SomethingHappened${index}`));
    expect(readWakeUp(wakeUpPayload("a1", many, head)).remote).toEqual({ head });
  });

  it("reads an older store's wake-up, without the head or the types, as nothing known but an append", () => {
    expect(readWakeUp("a1|CreditSpent")).toEqual({ from: "a1", remote: { types: ["CreditSpent"] } });
    expect(readWakeUp("a1")).toEqual({ from: "a1", remote: {} });
    expect(readWakeUp("a1||not-a-position")).toEqual({ from: "a1", remote: {} });
  });
});
