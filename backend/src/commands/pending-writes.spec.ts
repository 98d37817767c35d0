import type { Position } from "@el/domain";
import { describe, expect, it } from "vitest";
import { createPendingWrites, type ProjectionWaits } from "./pending-writes";

const at = (globalPosition: number): Position => ({ transactionId: 100n, globalPosition: BigInt(globalPosition) });

/** A runner whose waits the spec settles by hand, recording what each one waited for. */
const givenRunner = () => {
  const waits: { position: Position; names?: readonly string[]; settle: (shown: boolean) => void }[] = [];
  return {
    waits,
    waitFor: (position: Position, names?: readonly string[]) =>
      new Promise<boolean>((resolve) => {
        waits.push({ position, names, settle: resolve });
      }),
    projectorsHandling: (types: readonly string[]) =>
      [types.includes("LessonScheduled") && "lesson-schedulings", types.includes("CreditGranted") && "users"].filter(
        (name): name is string => typeof name === "string",
      ),
  };
};

/** The waits of reads: every wait after the first, which times the first write noted (`behind`). */
const readsOf = (runner: ReturnType<typeof givenRunner>) => runner.waits.slice(1);

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe("writes answered before the read models show them", () => {
  it("given nothing was written, when a request reads, then it reads at once", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    expect(pending.pending).toBe(false);
    expect(await pending.shown()).toBe(true);
    expect(runner.waits).toEqual([]);
  });

  it("given a burst of writes, when a request reads, then it waits once for the latest of them, in every projector they concern", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    pending.note(at(7), ["lesson-schedulings"]);
    pending.note(at(9), ["users"]);
    pending.note(at(8), ["lesson-schedulings"]);
    expect(readsOf(runner)).toEqual([]);

    const read = pending.shown();
    expect(readsOf(runner)).toEqual([
      { position: at(9), names: ["lesson-schedulings", "users"], settle: expect.any(Function) },
    ]);
    expect(await settledYet(read)).toBe(false);
    readsOf(runner)[0]?.settle(true);
    expect(await read).toBe(true);
    expect(pending.pending).toBe(false);
  });

  it("given a read is waiting, when another request reads, then it waits for the same writes without asking again", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    pending.note(at(3), ["users"]);
    const first = pending.shown();
    const second = pending.shown();
    expect(readsOf(runner)).toHaveLength(1);
    expect(await settledYet(second)).toBe(false);
    readsOf(runner)[0]?.settle(true);
    expect([await first, await second]).toEqual([true, true]);
  });

  it("given a write after a read began, when the next request reads, then it waits for that write too", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    pending.note(at(3), ["users"]);
    const first = pending.shown();
    pending.note(at(4), ["lesson-schedulings"]);
    const second = pending.shown();
    expect(readsOf(runner).map((wait) => [wait.position, wait.names])).toEqual([
      [at(3), ["users"]],
      [at(4), ["lesson-schedulings"]],
    ]);
    readsOf(runner)[0]?.settle(true);
    expect(await first).toBe(true);
    expect(await settledYet(second)).toBe(false);
    readsOf(runner)[1]?.settle(true);
    expect(await second).toBe(true);
  });

  it("given a read model that ran out of time, when a request reads, then it is told so and reads what there is", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    pending.note(at(5), undefined);
    const read = pending.shown();
    expect(readsOf(runner)[0]?.names).toBeUndefined();
    readsOf(runner)[0]?.settle(false);
    expect(await read).toBe(false);
  });

  it("given another process's events, when a request reads, then it waits only for the projectors handling them", async () => {
    const runner = givenRunner();
    const pending = createPendingWrites(runner);
    pending.heard(at(11), ["SomethingNobodyProjects"]);
    expect(pending.pending).toBe(false);
    pending.heard(at(12), ["CreditGranted"]);
    void pending.shown();
    expect(runner.waits.map((wait) => [wait.position, wait.names])).toEqual([[at(12), ["users"]]]);
  });

  it("given the database is away while a read waits, when it fails, then the write stays pending for the next read", async () => {
    const failing: ProjectionWaits = {
      ...givenRunner(),
      waitFor: () => Promise.reject(new Error("connection terminated")),
    };
    const pending = createPendingWrites(failing);
    pending.note(at(5), ["users"]);
    await expect(pending.shown()).rejects.toThrow("connection terminated");
    expect(pending.pending).toBe(true);

    const runner = givenRunner();
    failing.waitFor = runner.waitFor;
    void pending.shown();
    expect(runner.waits.map((wait) => [wait.position, wait.names])).toEqual([[at(5), ["users"]]]);
  });
});

describe("writers kept within reach of the read models", () => {
  /** Pending writes with a lag limit of 100 ms, on a runner and a clock the spec moves by hand. */
  const givenTimedWrites = () => {
    const runner = givenRunner();
    let ms = 0;
    const clock = { now: () => ms, pass: (by: number) => (ms += by) };
    return { runner, clock, pending: createPendingWrites(runner, { lagLimitMs: 100, now: clock.now }) };
  };

  it("given a write the read models have not shown for longer than the limit, then the process is behind until they show it", async () => {
    const { runner, clock, pending } = givenTimedWrites();
    pending.note(at(1), ["lesson-schedulings"]);
    clock.pass(100);
    expect(pending.behind).toBe(false);
    pending.note(at(2), ["lesson-schedulings"]);
    clock.pass(1);
    expect(pending.behind).toBe(true);

    runner.waits[0]?.settle(true);
    await settledYet(Promise.resolve());
    expect(pending.behind).toBe(false);
  });

  it("given the timed write was shown, when the next one is noted, then that one is timed from its own note", async () => {
    const { runner, clock, pending } = givenTimedWrites();
    pending.note(at(1), ["users"]);
    expect(runner.waits.map((wait) => wait.position)).toEqual([at(1)]);
    clock.pass(90);
    runner.waits[0]?.settle(true);
    await settledYet(Promise.resolve());

    clock.pass(50);
    pending.note(at(2), ["users"]);
    expect(runner.waits.map((wait) => wait.position)).toEqual([at(1), at(2)]);
    clock.pass(60);
    expect(pending.behind).toBe(false);
    clock.pass(41);
    expect(pending.behind).toBe(true);
  });

  it("given a timed write whose wait failed or ran out, then the process is not held behind by it", async () => {
    const { runner, clock, pending } = givenTimedWrites();
    pending.note(at(1), ["users"]);
    clock.pass(500);
    expect(pending.behind).toBe(true);
    runner.waits[0]?.settle(false);
    await settledYet(Promise.resolve());
    expect(pending.behind).toBe(false);
  });

  it("given only other processes' writes, then nothing is timed and the process is never behind", () => {
    const { runner, clock, pending } = givenTimedWrites();
    pending.heard(at(4), ["LessonScheduled"]);
    clock.pass(1_000);
    expect(runner.waits).toEqual([]);
    expect(pending.behind).toBe(false);
    expect(pending.pending).toBe(true);
  });
});
