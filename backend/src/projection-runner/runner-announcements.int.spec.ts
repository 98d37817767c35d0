import type { RecordedEvent } from "@el/domain";
import type { Projector } from "@el/projections";
import { describe, expect, it } from "vitest";
import { createTestDatabaseUrl } from "../../test/databases";
import { createPgDatabase } from "../database";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import {
  countingReads,
  everyTickOnce,
  keyOf,
  openHarness,
  POLL,
  pause,
  positionOf,
  recordingProjector,
  start,
  storedCheckpoint,
  tocksProjector,
  twoProcessesPerTest,
} from "./runner-harness";

describe("projection runner with two backend processes on one PostgreSQL: waits and announcements", () => {
  const { harnesses, twoProcesses } = twoProcessesPerTest();

  it("answers a command without waiting for a read model that does not await its events, nor sharing its transaction", async () => {
    const harness = await openHarness(createPgDatabase(await createTestDatabaseUrl()));
    harnesses.push(harness);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const screen = recordingProjector("screen");
    // A worker's list: slow, and nobody reads it right after a tick.
    const worklist: Projector = { ...recordingProjector("worklist", undefined, () => gate), awaitedOn: ["Tocked"] };
    const running = await start(harness.runner([screen, worklist]), [screen, worklist], harness.db);
    await expect.poll(() => running.isActive("worklist"), POLL).toBe(true);
    expect(running.projectorsHandling(["Ticked"])).toEqual(["screen"]);

    const [event] = await harness.tick(1, 1);
    const at = positionOf(event as RecordedEvent);
    expect(await running.waitFor(at, running.projectorsHandling(["Ticked"]), 5_000)).toBe(true);
    expect((await harness.applied("screen")).get(1)).toBe(1);
    expect((await harness.applied("worklist")).get(1)).toBeUndefined();

    release();
    expect(await running.waitFor(at, ["worklist"])).toBe(true);
    everyTickOnce(await harness.applied("worklist"), 1, 1);
  });

  it("answers a wait in another process from the announcements of the process that runs the projector, without reading its checkpoint again", async () => {
    const { first, second } = await twoProcesses();
    // Slow to apply the first tick of each round, so a wait always begins before the round is projected.
    const slow = () =>
      recordingProjector("announced", undefined, async (event) => {
        await pause(event.data.n % 10 === 0 ? 200 : 0);
      });
    const one = await start(first.runner([slow()]), [slow()], first.db);
    await expect.poll(() => one.isActive("announced"), POLL).toBe(true);
    // The waiting process reads the stored checkpoint once per wait, when it starts: an hour to the next read.
    const other = await start(
      second.runner([slow()], { remotePollMs: 3_600_000, announcedPollMs: 3_600_000 }),
      [],
      second.db,
    );
    for (let round = 1; round <= 5; round++) {
      const appending = second.tick(round * 10, round * 10 + 9, 2);
      const last = positionOf((await appending).at(-1) as RecordedEvent);
      expect((await second.applied("announced")).get(round * 10 + 9)).toBeUndefined();
      expect(await other.waitFor(last, ["announced"], 5_000)).toBe(true);
      // What it answered on is true: the rows are there for a read right after.
      expect((await second.applied("announced")).get(round * 10 + 9)).toBe(1);
    }
    expect(other.isActive("announced")).toBe(false);
  });

  it("wakes, for another process's append, only the loops that handle a type its wake-up names", async () => {
    const { first, second } = await twoProcesses();
    const counted = countingReads(first.store);
    const projectors = [recordingProjector("ticking"), tocksProjector("tocking")];
    // No re-check on a timer: only wake-ups make the projectors read.
    const running = await start(
      first.runner(projectors, { source: counted.source, idlePollMs: 3_600_000 }),
      projectors,
      first.db,
    );
    const [firstTick] = await second.tick(1, 1);
    expect(await running.waitFor(positionOf(firstTick as RecordedEvent))).toBe(true);
    // A tock of this process moves only the tocking loop on, a tick after it only the ticking loop: the two
    // now read from different places, and the ticking loop never again from the tock.
    const [tock] = await first.tick(1, 1, 1, "Tocked");
    expect(await running.waitFor(positionOf(tock as RecordedEvent), ["tocking"])).toBe(true);
    const [ownTick] = await first.tick(12, 12);
    expect(await running.waitFor(positionOf(ownTick as RecordedEvent), ["ticking"])).toBe(true);
    await pause(100);
    const earlier = counted.reads.length;
    const earlierFound = counted.foundSoFar();

    // Ten appends of ticks by the other process, each wake-up naming Ticked.
    const ticks = await second.tick(2, 11, 1);
    await expect.poll(async () => (await first.applied("ticking")).get(11), POLL).toBe(1);
    await pause(200);
    const reads = counted.reads.slice(earlier);
    expect(reads.length).toBeGreaterThan(0);
    // The tocking loop, which handles no tick, was not woken: nothing was read from where it stands.
    expect(reads.filter((key) => key === keyOf(tock as RecordedEvent))).toEqual([]);
    // Waiting for it wakes it: it steps over the ticks at once, applying none.
    expect(await running.waitFor(positionOf(ticks.at(-1) as RecordedEvent), ["tocking"], 2_000)).toBe(true);
    expect(counted.found(tock as RecordedEvent, earlierFound)).toBe(1);
    expect((await first.applied("tocking")).size).toBe(1);
  });

  it("settles a wait in another process on the announcements alone while they flow, reading no stored checkpoint", async () => {
    let checkpointReads = 0;
    const { first, second } = await twoProcesses((url) => {
      const db = createPgDatabase(url);
      return {
        ...db,
        query: (text, params, options) => {
          if (/from projection_checkpoints where name = any/.test(text)) checkpointReads++;
          return db.query(text, params, options);
        },
      };
    });
    const one = await start(first.runner([recordingProjector("flowing")]), [recordingProjector("flowing")], first.db);
    await expect.poll(() => one.isActive("flowing"), POLL).toBe(true);
    const other = await start(
      second.runner([recordingProjector("flowing")], { remotePollMs: 3_600_000, announcedPollMs: 3_600_000 }),
      [],
      second.db,
    );
    // The first wait asks for announcements and reads the stored checkpoint; the next ones hear them.
    const [firstTick] = await second.tick(1, 1, 1);
    expect(await other.waitFor(positionOf(firstTick as RecordedEvent), ["flowing"], 5_000)).toBe(true);
    const readsBefore = checkpointReads;
    for (let n = 2; n <= 11; n++) {
      const [tick] = await second.tick(n, n, 1);
      expect(await other.waitFor(positionOf(tick as RecordedEvent), ["flowing"], 5_000)).toBe(true);
      expect((await second.applied("flowing")).get(n)).toBe(1);
    }
    expect(checkpointReads - readsBefore).toBe(0);
  });

  it("answers a wait in another process as soon as a projector has nothing of its own before the position", async () => {
    const { first, second } = await twoProcesses();
    // It stores its progress over ticks only when it stops.
    const one = await start(
      first.runner([tocksProjector()], { checkpointEveryMs: 3_600_000 }),
      [tocksProjector()],
      first.db,
    );
    await expect.poll(() => one.isActive("tocks"), POLL).toBe(true);
    const other = await start(second.runner([tocksProjector()]), [], second.db);
    const [tock] = await first.tick(1, 1, 1, "Tocked");
    expect(await one.waitFor(positionOf(tock as RecordedEvent))).toBe(true);

    const ticks = await first.tick(1, 10);
    const lastTick = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await one.waitFor(lastTick)).toBe(true);
    expect(await storedCheckpoint(second.db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    expect(await other.waitFor(lastTick, ["tocks"], 5_000)).toBe(true);

    // A tock it has to apply: the wait lasts until it did.
    const [next] = await second.tick(2, 2, 1, "Tocked");
    expect(await other.waitFor(positionOf(next as RecordedEvent), ["tocks"])).toBe(true);
    everyTickOnce(await first.applied("tocks"), 1, 2);
  });
});
