import type { RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import { createTestDatabaseUrl, olderTransaction } from "../../test/databases";
import { createPgDatabase } from "../database";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import {
  everyTickOnce,
  latest,
  openHarness,
  POLL,
  pause,
  positionOf,
  recordingProjector,
  start,
  twoProcessesPerTest,
} from "./runner-harness";

describe("projection runner with two backend processes on one PostgreSQL: locks and wake-ups", () => {
  const { harnesses, twoProcesses } = twoProcessesPerTest();

  it("keeps exactly one runner active per projector, and the standby takes over when it stops", async () => {
    const { first, second } = await twoProcesses();
    const projectorOf = () => recordingProjector("shared");
    const one = await start(first.runner([projectorOf()]), [projectorOf()], first.db);
    const other = await start(second.runner([projectorOf()]), [], second.db);

    await expect.poll(() => [one.isActive("shared"), other.isActive("shared")].filter(Boolean).length, POLL).toBe(1);
    const active = one.isActive("shared") ? one : other;
    const standby = active === one ? other : one;
    // The standby may still be starting (its first try of the lock not made yet) when the other is already active.
    await expect.poll(async () => (await standby.status())[0]?.state, POLL).toBe("standby");

    // Both processes write; the active runner projects everything once.
    const written = (await Promise.all([first.tick(1, 100), second.tick(101, 200)])).flat();
    expect(await active.waitFor(latest(written))).toBe(true);
    everyTickOnce(await first.applied("shared"), 1, 200);
    expect(standby.isActive("shared")).toBe(false);

    await active.stop();
    await expect.poll(() => standby.isActive("shared"), POLL).toBe(true);
    const more = await first.tick(201, 300);
    expect(await standby.waitFor(latest(more))).toBe(true);
    everyTickOnce(await second.applied("shared"), 1, 300);
  });

  /**
   * A writing process and a reading one that runs projector `name` with an hour between the reads of an idle
   * projector: within a test only a wake-up, or a look-again after one, can make it read again.
   */
  const writerAndIdleReader = async (name: string) => {
    const url = await createTestDatabaseUrl();
    const writer = await openHarness(createPgDatabase(url));
    harnesses.push(writer);
    const reader = await openHarness(createPgDatabase(url));
    harnesses.push(reader);
    const projector = recordingProjector(name);
    const running = await start(reader.runner([projector], { idlePollMs: 3_600_000 }), [projector], reader.db);
    await expect.poll(() => running.isActive(name), POLL).toBe(true);
    return { url, writer, reader, running };
  };

  it("wakes the runner of one process by NOTIFY when another process appends", async () => {
    const { writer, reader, running } = await writerAndIdleReader("notified");

    for (let n = 1; n <= 3; n++) {
      // Time for the runner to have read everything and gone idle.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [event] = await writer.tick(n, n);
      expect(await running.waitFor(positionOf(event as RecordedEvent))).toBe(true);
    }
    everyTickOnce(await reader.applied("notified"), 1, 3);
  });

  it("reads again at once an append of its own that another process's open transaction held back, without waiting for the re-check", async () => {
    const url = await createTestDatabaseUrl();
    const harness = await openHarness(createPgDatabase(url));
    harnesses.push(harness);
    const projector = recordingProjector("held");
    // An hour between reads of an idle projector: only its own look-again can find the held-back append.
    const running = await start(harness.runner([projector], { idlePollMs: 3_600_000 }), [projector], harness.db);
    await expect.poll(() => running.isActive("held"), POLL).toBe(true);
    await running.waitFor(positionOf((await harness.tick(1, 1))[0] as RecordedEvent));

    // Another process's write transaction, older than the append: readers do not see the append until it
    // ends, and it ends without appending anything, so nobody announces it.
    const other = await olderTransaction(url);
    try {
      for (let round = 2; round <= 4; round++) {
        await other.hold();
        const [event] = await harness.tick(round, round);
        await pause(50);
        expect((await harness.applied("held")).get(round)).toBeUndefined();
        await other.release();
        expect(await running.waitFor(positionOf(event as RecordedEvent), undefined, 5_000)).toBe(true);
      }
    } finally {
      await other.end();
    }
    everyTickOnce(await harness.applied("held"), 1, 4);
  });

  it("reads again at once another process's append that an open transaction held back from its wake-up's read, without waiting for the re-check", async () => {
    const { url, writer, reader } = await writerAndIdleReader("remoteheld");

    // A third session's transaction, older than each append: the wake-up's read cannot see the append yet.
    const other = await olderTransaction(url);
    try {
      for (let round = 1; round <= 3; round++) {
        await other.hold();
        await writer.tick(round, round);
        await pause(100);
        expect((await reader.applied("remoteheld")).get(round)).toBeUndefined();
        await other.release();
        await expect.poll(async () => (await reader.applied("remoteheld")).get(round), POLL).toBe(1);
      }
    } finally {
      await other.end();
    }
    everyTickOnce(await reader.applied("remoteheld"), 1, 3);
  });

  it("hands a projector over when the holder's lock session is ended: the standby runs it, the holder stands by, nothing stalls or is applied twice", async () => {
    const { url, first, second } = await twoProcesses();
    const one = await start(first.runner([recordingProjector("leased")]), [recordingProjector("leased")], first.db);
    await expect.poll(() => one.isActive("leased"), POLL).toBe(true);
    const other = await start(second.runner([recordingProjector("leased")]), [], second.db);
    await first.tick(1, 20, 2);

    // What a restart, a failover or a firewall does to the session that holds the lock, while appends go on.
    const appending = first.tick(21, 80, 2);
    const admin = createPgDatabase(url);
    try {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(rows.length).toBe(1);
    } finally {
      await admin.close();
    }
    const last = (await appending).at(-1) as RecordedEvent;

    await expect.poll(() => other.isActive("leased"), POLL).toBe(true);
    expect(one.isActive("leased")).toBe(false);
    expect((await one.status())[0]?.state).toBe("standby");
    // Commands on the first wait on the shared checkpoint, and are answered once the other projected.
    expect(await one.waitFor(positionOf(last))).toBe(true);
    everyTickOnce(await first.applied("leased"), 1, 80);
    expect((await first.db.query("select status from projection_checkpoints where name = 'leased'")).rows).toEqual([
      { status: "running" },
    ]);
  });

  it("keeps a stalled projector stalled in every process instead of retrying it in the standby", async () => {
    const { first, second } = await twoProcesses();
    let attempts = 0;
    const brokenOf = () =>
      recordingProjector(
        "fragile",
        (event) => event.data.n === 3,
        (event) => {
          if (event.data.n === 3) attempts++;
        },
      );
    const one = await start(first.runner([brokenOf()], { maxAttempts: 2 }), [brokenOf()], first.db);
    await expect.poll(() => one.isActive("fragile"), POLL).toBe(true);
    const other = await start(second.runner([brokenOf()], { maxAttempts: 2 }), [], second.db);
    await first.tick(1, 5);

    await expect.poll(async () => (await one.status())[0]?.state, POLL).toBe("stalled");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The batch try and two tries alone, all in the first process; the second only reports the stall.
    expect(attempts).toBe(3);
    expect(other.isActive("fragile")).toBe(false);
    expect((await other.status())[0]).toMatchObject({ state: "stalled", error: "cannot project tick 3" });
  });
});
