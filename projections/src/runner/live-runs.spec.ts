import type { RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import type { Sql } from "../sql";
import { applyInRuns } from "./live-runs";
import type { Push } from "./projector";

const event = (n: number, type: string): RecordedEvent => ({
  transactionId: 1n,
  globalPosition: BigInt(n),
  streamId: `s-${n}`,
  streamVersion: 1,
  type,
  schemaVersion: 1,
  data: { n },
  metadata: { occurredAt: new Date(1_000 * n).toISOString() },
  eventId: `e-${n}`,
  recordedAt: new Date(1_000 * n),
});

const tx: Sql = { query: async () => ({ rows: [] }) };

describe("a live batch applied in runs", () => {
  it("given runs of burst events among others, when applied, then each run of two or more goes at once and the rest one by one, in order", async () => {
    const calls: string[] = [];
    const pushOf = (n: number): Push => ({ room: "r", event: "e", payload: n });
    const pushes = await applyInRuns(
      [
        event(1, "Burst"),
        event(2, "Burst"),
        event(3, "Other"),
        event(4, "Burst"),
        event(5, "Burst"),
        event(6, "Burst"),
      ].concat([event(7, "Other"), event(8, "Burst")]),
      tx,
      (one) => one.type === "Burst",
      async (run) => {
        calls.push(`run ${run.map((one) => one.globalPosition).join(",")}`);
        return run.map((one) => pushOf(Number(one.globalPosition)));
      },
      async (one) => {
        calls.push(`one ${one.globalPosition}`);
        return [pushOf(Number(one.globalPosition))];
      },
    );
    expect(calls).toEqual(["run 1,2", "one 3", "run 4,5,6", "one 7", "one 8"]);
    expect(pushes.map((push) => push.payload)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // A push says when its event was stored; one answered for a run without its own, when the run's last was.
    expect(pushes.map((push) => push.recordedAt)).toEqual([2, 2, 3, 6, 6, 6, 7, 8].map((n) => 1_000 * n));
  });
});
