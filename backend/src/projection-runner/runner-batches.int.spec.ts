import type { RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import { drivers, type TestDriver } from "../../test/databases";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import {
  countingReads,
  crashable,
  everyTickOnce,
  harnessPerTest,
  POLL,
  pause,
  positionOf,
  recordingProjector,
  start,
  storedCheckpoint,
  tocksProjector,
} from "./runner-harness";

describe.each(drivers)("projection runner's shared reads and commits on $name", (driver: TestDriver) => {
  const open = harnessPerTest(driver);

  it("reads once for the projectors at one position and commits what they handle in one transaction, each event once", async () => {
    const { db, store, tick, runner, applied } = await open();
    const counted = countingReads(store);
    const projectors = [recordingProjector("alpha"), recordingProjector("beta"), tocksProjector("bystander")];
    // No re-check on a timer: in this test only appends make the projectors read.
    const options = { source: counted.source, idlePollMs: 3_600_000 };
    const running = await start(runner(projectors, options), projectors, db);
    const [first] = await tick(1, 1);
    expect(await running.waitFor(positionOf(first as RecordedEvent))).toBe(true);
    await pause(100);
    const earlier = counted.foundSoFar();

    // Twenty ticks for two projectors: a batch small enough to share one transaction.
    const events = await tick(2, 21, 10);
    const last = positionOf(events.at(-1) as RecordedEvent);
    expect(await running.waitFor(last, ["alpha", "beta"])).toBe(true);
    // Two projectors idle after tick 1 and woken by the ticks they handle, one read to learn what came after
    // it; the bystander, which handles no tick, was not woken and read nothing.
    const readsAfterFirst = () => counted.found(first as RecordedEvent, earlier);
    expect(readsAfterFirst()).toBe(1);
    await pause(100);
    expect(readsAfterFirst()).toBe(1);
    // Waiting for it wakes it: it steps over the ticks at once, not at its (hour-long) re-check.
    expect(await running.waitFor(last, ["bystander"], 2_000)).toBe(true);
    expect(readsAfterFirst()).toBe(2);
    everyTickOnce(await applied("alpha"), 1, 21);
    everyTickOnce(await applied("beta"), 1, 21);
    expect((await applied("bystander")).size).toBe(0);
    const { rows } = await db.query<{ n: number; alpha: string; beta: string }>(
      "select a.n, a.written_in as alpha, b.written_in as beta from alpha_rows a join beta_rows b using (n) where a.n > 1",
    );
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row.alpha, `tick ${row.n}`).toBe(row.beta);
  });

  it("stalls only the projector that failed inside a shared transaction; the others commit the batch without it", async () => {
    const { db, tick, runner, applied } = await open();
    let attempts = 0;
    const broken = recordingProjector(
      "faulty",
      (event) => event.data.n === 5,
      (event) => {
        if (event.data.n === 5) attempts++;
      },
    );
    const projectors = [recordingProjector("steady"), broken, recordingProjector("sound")];
    const logged: { message: string; details?: Record<string, unknown> }[] = [];
    const options = {
      maxAttempts: 3,
      idlePollMs: 3_600_000,
      log: (message: string, details?: Record<string, unknown>) => logged.push({ message, details }),
    };
    const running = await start(runner(projectors, options), projectors, db);
    const [first] = await tick(1, 1);
    expect(await running.waitFor(positionOf(first as RecordedEvent))).toBe(true);
    await pause(100);

    const events = await tick(2, 10);
    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "faulty")?.state, POLL)
      .toBe("stalled");
    // Its try inside the transaction it shared, then three alone.
    expect(attempts).toBe(4);
    expect(logged).toContainEqual({
      message: "a shared projection batch failed; the other projectors try it alone",
      details: { projector: "faulty", error: "Error: cannot project tick 5" },
    });
    const more = await tick(11, 20);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["steady", "sound"])).toBe(true);
    everyTickOnce(await applied("steady"), 1, 20);
    everyTickOnce(await applied("sound"), 1, 20);
    everyTickOnce(await applied("faulty"), 1, 4);
    const failing = events[3] as RecordedEvent;
    const status = await running.status();
    expect(status.find((s) => s.name === "faulty")).toMatchObject({
      state: "stalled",
      failedAt: { transactionId: failing.transactionId.toString(), globalPosition: failing.globalPosition.toString() },
    });
    for (const name of ["steady", "sound"]) {
      expect(status.find((s) => s.name === name)).toMatchObject({ state: "running", lag: 0 });
    }
  });

  it("stores progress over events a projector does not handle only now and then, and after a crash applies none twice", async () => {
    const { db, store, tick, runner, applied } = await open();
    const dying = crashable(db, store);
    const projectors = [recordingProjector("ticks"), tocksProjector()];
    const options = { db: dying.db, source: dying.source, checkpointEveryMs: 3_600_000 };
    const first = await start(runner(projectors, options), projectors, db);
    const [tock] = await tick(1, 1, 1, "Tocked");
    expect(await first.waitFor(positionOf(tock as RecordedEvent))).toBe(true);
    const ticks = await tick(1, 20);
    const lastTick = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await first.waitFor(lastTick)).toBe(true);
    // Stepping over twenty ticks cost the tocks no transaction; its status still says where it is.
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    expect((await first.status()).find((s) => s.name === "tocks")).toMatchObject({
      position: { globalPosition: lastTick.globalPosition.toString() },
      lag: 0,
    });

    dying.crash();
    await first.stop();
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    await tick(21, 30);
    const [second] = await tick(2, 2, 1, "Tocked");
    const restarted = await start(runner([recordingProjector("ticks"), tocksProjector()]), [], db);
    expect(await restarted.waitFor(positionOf(second as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("ticks"), 1, 30);
    everyTickOnce(await applied("tocks"), 1, 2);

    // Stopping stores how far it got.
    const after = await tick(31, 35);
    expect(await restarted.waitFor(positionOf(after.at(-1) as RecordedEvent))).toBe(true);
    await restarted.stop();
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(after.at(-1) as RecordedEvent));
  });

  it("stores progress over events a projector does not handle once checkpointEveryMs has passed", async () => {
    const { db, tick, runner } = await open();
    const projectors = [tocksProjector()];
    const running = await start(runner(projectors, { checkpointEveryMs: 50, idlePollMs: 20 }), projectors, db);
    const ticks = await tick(1, 10);
    const last = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await running.waitFor(last)).toBe(true);
    await expect.poll(() => storedCheckpoint(db, "tocks"), POLL).toEqual(last);
  });
});
