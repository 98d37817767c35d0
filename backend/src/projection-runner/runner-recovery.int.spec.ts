import type { RecordedEvent } from "@el/domain";
import { START } from "@el/domain";
import type { EventSource } from "@el/projections";
import {
  advanceCheckpoint,
  CheckpointMoved,
  createProjectionRunner,
  loadCheckpoint,
  loadCheckpoints,
  migrateProjections,
  type ProjectionRunner,
  skipEvent,
} from "@el/projections";
import { describe, expect, it } from "vitest";
import { drivers, type TestDriver } from "../../test/databases";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import { everyTickOnce, harnessPerTest, POLL, positionOf, recordingProjector, start } from "./runner-harness";

describe.each(drivers)("projection runner, after crashes and failures, on $name", (driver: TestDriver) => {
  const open = harnessPerTest(driver);

  it("applies every event exactly once after being killed in the middle of a batch", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 300);
    const last = events.at(-1) as RecordedEvent;

    // The crash: at the 150th event of the 300-event batch the process goes down (stop) and the
    // batch's transaction does not commit.
    let crashed = false;
    let crashing: ProjectionRunner | undefined;
    const crashingProjector = recordingProjector("crash", (event) => {
      if (event.data.n !== 150 || crashed) return false;
      crashed = true;
      void crashing?.stop();
      return true;
    });
    crashing = await start(runner([crashingProjector], { maxAttempts: 1 }), [crashingProjector], db);
    await expect.poll(() => crashed, POLL).toBe(true);
    await crashing.stop();

    // Whatever was committed before the crash is exactly the events up to the checkpoint, once each.
    const checkpoint = (await crashing.status())[0]?.position.globalPosition ?? "";
    const committed = await applied("crash");
    const upToCheckpoint = events.filter((event) => event.globalPosition <= BigInt(checkpoint));
    expect(committed.size).toBe(upToCheckpoint.length);
    expect(committed.size).toBeLessThan(300);
    everyTickOnce(committed, 1, upToCheckpoint.length);

    const restarted = await start(runner([recordingProjector("crash")]), [], db);
    expect(await restarted.waitFor(positionOf(last))).toBe(true);
    everyTickOnce(await applied("crash"), 1, 300);
  });

  it("resumes after a projector that could not apply an event is restarted, applying each event once", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 300);
    const broken = recordingProjector("midway", (event) => event.data.n === 150);
    const first = await start(runner([broken], { maxAttempts: 1 }), [broken], db);
    await expect.poll(async () => (await first.status())[0]?.state, POLL).toBe("stalled");
    everyTickOnce(await applied("midway"), 1, 149);
    await first.stop();

    const fixed = await start(runner([recordingProjector("midway")]), [], db);
    expect(await fixed.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("midway"), 1, 300);
  });

  it("stalls one broken projector after bounded retries with back-off while another keeps projecting", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 10);
    const failing = events[4] as RecordedEvent;
    const attempts: number[] = [];
    const healthy = recordingProjector("healthy");
    const broken = recordingProjector(
      "broken",
      (event) => event.data.n === 5,
      (event) => {
        if (event.data.n === 5) attempts.push(performance.now());
      },
    );
    const projectors = [healthy, broken];
    const running = await start(runner(projectors, { maxAttempts: 4, retryDelayMs: 20 }), projectors, db);

    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "broken")?.state, POLL)
      .toBe("stalled");
    // One try inside the whole batch, then four on the event alone, waiting 20, 40, 80 ms between them.
    expect(attempts).toHaveLength(5);
    const waits = attempts.slice(2).map((at, index) => at - (attempts[index + 1] as number));
    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(20 * 2 ** index - 2);
    });

    const more = await tick(11, 20);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["healthy"])).toBe(true);
    everyTickOnce(await applied("healthy"), 1, 20);
    everyTickOnce(await applied("broken"), 1, 4);
    expect(attempts).toHaveLength(5);

    const status = await running.status();
    expect(status.find((s) => s.name === "healthy")).toMatchObject({ state: "running", lag: 0 });
    expect(status.find((s) => s.name === "broken")).toMatchObject({
      state: "stalled",
      error: "cannot project tick 5",
      failedAt: { transactionId: failing.transactionId.toString(), globalPosition: failing.globalPosition.toString() },
      position: {
        transactionId: (events[3] as RecordedEvent).transactionId.toString(),
        globalPosition: (events[3] as RecordedEvent).globalPosition.toString(),
      },
      lag: 16,
    });
    // A stalled projector does not hold back the answers of commands, but says its read model is behind.
    const asked = Date.now();
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), undefined, 5000)).toBe(false);
    expect(Date.now() - asked).toBeLessThan(2000);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["healthy"])).toBe(true);

    await running.stop();
    const restarted = await start(runner([healthy, recordingProjector("broken")]), [], db);
    expect(await restarted.waitFor(positionOf(more.at(-1) as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("broken"), 1, 20);
    expect((await restarted.status()).find((s) => s.name === "broken")).toMatchObject({ state: "running", lag: 0 });
    expect((await restarted.status()).find((s) => s.name === "broken")?.error).toBeUndefined();
  });

  it("steps over an event only on an operator's recorded skip, then continues past it", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 10);
    const failing = events[6] as RecordedEvent;
    const broken = recordingProjector("skipping", (event) => event.data.n === 7);
    const first = await start(runner([broken], { maxAttempts: 2 }), [broken], db);
    await expect.poll(async () => (await first.status())[0]?.state, POLL).toBe("stalled");
    await first.stop();

    await expect(
      skipEvent(db, "skipping", positionOf(events[7] as RecordedEvent), { reason: "wrong event", by: "ops" }),
    ).rejects.toThrow("not stalled on that event");
    await skipEvent(db, "skipping", positionOf(failing), { reason: "tick 7 was recorded twice", by: "maria" });
    const { rows } = await db.query<{ global_position: string; reason: string; skipped_by: string }>(
      "select global_position::text, reason, skipped_by from projection_skips where name = 'skipping'",
    );
    expect(rows).toEqual([
      { global_position: failing.globalPosition.toString(), reason: "tick 7 was recorded twice", skipped_by: "maria" },
    ]);

    // Restarted with the same projector: the skipped event is not tried again.
    const resumed = await start(runner([broken]), [], db);
    expect(await resumed.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    const projected = await applied("skipping");
    expect([...projected.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect([...projected.values()].every((times) => times === 1)).toBe(true);
    expect((await resumed.status())[0]).toMatchObject({ state: "running", lag: 0 });
  });

  it("hands a projector back when its checkpoint was moved behind its back: none of the batch's rows, no stall", async () => {
    const { db, tick, runner, applied } = await open();
    const first = await tick(1, 10);
    const projector = recordingProjector("guarded");
    // Not taken again within this test: what it does on the news is what is checked.
    const running = await start(runner([projector], { maxAttempts: 1, standbyRetryMs: 3_600_000 }), [projector], db);
    expect(await running.waitFor(positionOf(first.at(-1) as RecordedEvent))).toBe(true);

    // Someone else (another process that took the projector over after this one's lock session ended)
    // moves the checkpoint while this runner still believes it is after tick 10.
    await db.query(
      "update projection_checkpoints set transaction_id = '0', global_position = 0 where name = 'guarded'",
    );
    await tick(11, 20);

    // A lost lease, not a fault of the projector: back to standby, nothing marked stalled.
    await expect.poll(async () => (await running.status())[0]?.state, POLL).toBe("standby");
    expect(running.isActive("guarded")).toBe(false);
    // The refused batch left no row: ticks 1 to 10 once each, nothing of 11 to 20.
    everyTickOnce(await applied("guarded"), 1, 10);
    const { rows } = await db.query<{ global_position: string; status: string }>(
      "select global_position::text, status from projection_checkpoints where name = 'guarded'",
    );
    expect(rows).toEqual([{ global_position: "0", status: "running" }]);
  });

  it("moves a checkpoint only from where it is, rolling back the rows written with it", async () => {
    const { db, tick } = await open();
    const [one, two] = await tick(1, 2);
    await migrateProjections(db, [recordingProjector("cas")]);
    expect((await loadCheckpoint(db, "cas")).position).toEqual(START);
    await db.transaction((tx) => advanceCheckpoint(tx, "cas", START, positionOf(one as RecordedEvent)));

    // A writer that still believes the checkpoint is at START: its batch is refused as a whole.
    const stale = db.transaction(async (tx) => {
      await tx.query("insert into cas_rows (event_id, n) values ($1, 2)", [(two as RecordedEvent).eventId]);
      await advanceCheckpoint(tx, "cas", START, positionOf(two as RecordedEvent));
    });
    await expect(stale).rejects.toBeInstanceOf(CheckpointMoved);
    expect((await db.query("select n from cas_rows")).rows).toEqual([]);
    expect((await loadCheckpoints(db, ["cas"]))[0]?.position).toEqual(positionOf(one as RecordedEvent));
  });

  it("keeps projecting after reading the event store failed for a while", async () => {
    const { db, store, tick, applied, runners } = await open();
    let failures = 3;
    const flaky: EventSource = {
      readAll: (after, limit) => {
        if (failures > 0) {
          failures--;
          return Promise.reject(new Error("connection terminated"));
        }
        return store.readAll(after, limit);
      },
      onAppended: (listener) => store.onAppended(listener),
      countAfter: (position) => store.countAfter(position),
      anyOf: (types, after, upTo) => store.anyOf(types, after, upTo),
    };
    const projector = recordingProjector("patient");
    await migrateProjections(db, [projector]);
    const running = createProjectionRunner({ db, source: flaky, projectors: [projector], retryDelayMs: 10 });
    runners.push(running);
    running.start();
    const events = await tick(1, 5);
    expect(await running.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    expect(failures).toBe(0);
    everyTickOnce(await applied("patient"), 1, 5);
    expect((await running.status())[0]).toMatchObject({ state: "running" });
  });
});
