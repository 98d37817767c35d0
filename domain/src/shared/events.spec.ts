import { describe, expect, it } from "vitest";
import { heldBackDelayMs, laterOf } from "./events";

const at = (transactionId: bigint, globalPosition: bigint) => ({ transactionId, globalPosition });

describe("positions", () => {
  it("takes the later of two by transaction first, then by position", () => {
    expect(laterOf(undefined, at(3n, 9n))).toEqual(at(3n, 9n));
    expect(laterOf(at(4n, 1n), at(3n, 9n))).toEqual(at(4n, 1n));
    expect(laterOf(at(3n, 2n), at(3n, 9n))).toEqual(at(3n, 9n));
  });

  it("looks again for a held-back append after 1, 2, 4… ms, then every half second, never later than the re-check", () => {
    expect([0, 1, 2, 8, 9, 20].map((reads) => heldBackDelayMs(reads, 250))).toEqual([1, 2, 4, 250, 250, 250]);
    expect([8, 9, 20].map((reads) => heldBackDelayMs(reads, 3_600_000))).toEqual([256, 500, 500]);
  });
});
