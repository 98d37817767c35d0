import { describe, expect, it } from "vitest";
import { IdMap } from "./id-map";

/** A small deterministic generator, so a failure replays the same keys. */
const randomInts = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
};

describe("IdMap", () => {
  it("answers what was set, and nothing for a key never set", () => {
    const map = IdMap.empty<string>().set(5001, "spent").set(5002, "spent").set(5001, "refunded");
    expect(map.get(5001)).toBe("refunded");
    expect(map.get(5002)).toBe("spent");
    expect(map.get(5003)).toBeUndefined();
    expect(map.size).toBe(2);
  });

  it("leaves every earlier map as it was", () => {
    const empty = IdMap.empty<number>();
    const one = empty.set(1, 1);
    const two = one.set(33, 2);
    const changed = two.set(1, 10);
    expect([empty.get(1), one.get(1), two.get(1), changed.get(1)]).toEqual([undefined, 1, 1, 10]);
    expect([one.get(33), two.get(33)]).toEqual([undefined, 2]);
    expect([empty.size, one.size, two.size, changed.size]).toEqual([0, 1, 2, 2]);
  });

  it("agrees with a Map over thousands of keys: near ones, far ones, negative ones, shared digits", () => {
    const next = randomInts(42);
    const keys = [
      0,
      -1,
      31,
      32,
      -32,
      1024,
      32 ** 5,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      ...Array.from({ length: 3000 }, () => next(2 ** 31) - 2 ** 30),
      ...Array.from({ length: 3000 }, () => 1000 + next(5000)),
    ];
    let map = IdMap.empty<number>();
    const expected = new Map<number, number>();
    const snapshots: [IdMap<number>, Map<number, number>][] = [];
    keys.forEach((key, index) => {
      map = map.set(key, index);
      expected.set(key, index);
      if (index % 1000 === 0) snapshots.push([map, new Map(expected)]);
    });
    const agrees = (actual: IdMap<number>, wanted: Map<number, number>) => {
      expect(actual.size).toBe(wanted.size);
      expect([...wanted.keys()].map((key) => actual.get(key))).toEqual([...wanted.values()]);
      // Listed back, and rebuilt from its list (a snapshot's round trip), it is the same map.
      const listed = [...actual.entries()];
      expect(new Map(listed)).toEqual(wanted);
      const rebuilt = IdMap.of(listed);
      expect(rebuilt.size).toBe(wanted.size);
      expect([...wanted.keys()].map((key) => rebuilt.get(key))).toEqual([...wanted.values()]);
    };
    agrees(map, expected);
    for (const [snapshot, then] of snapshots) agrees(snapshot, then);
    expect(map.get(2 ** 40)).toBeUndefined();
  });
});
