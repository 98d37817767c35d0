import type { RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import { drivers, type TestDriver } from "../../test/databases";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import { harnessPerTest, positionOf, recordingProjector, start } from "./runner-harness";

describe.each(drivers)("projection runner's waits on $name", (driver: TestDriver) => {
  const open = harnessPerTest(driver);

  it("answers waitFor only once the position is projected (read-your-writes)", async () => {
    const { db, tick, runner, applied } = await open();
    let openGate = () => {};
    let gate = Promise.resolve();
    const closeGate = () => {
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    };
    const slow = recordingProjector(
      "slow",
      () => false,
      () => gate,
    );
    const running = await start(runner([slow], { waitTimeoutMs: 200 }), [slow], db);
    await running.waitFor(positionOf((await tick(1, 1))[0] as RecordedEvent));

    closeGate();
    const [event] = await tick(2, 2);
    let answered = false;
    const waiting = running.waitFor(positionOf(event as RecordedEvent), undefined, 60_000).then((reached) => {
      answered = true;
      return reached;
    });
    // Given up on after the runner's `waitTimeoutMs`.
    expect(await running.waitFor(positionOf(event as RecordedEvent))).toBe(false);
    expect(answered).toBe(false);
    openGate();
    expect(await waiting).toBe(true);
    // What a GET right after the command would read.
    expect((await applied("slow")).get(2)).toBe(1);

    for (let n = 3; n <= 12; n++) {
      const [next] = await tick(n, n);
      expect(await running.waitFor(positionOf(next as RecordedEvent), undefined, 10_000)).toBe(true);
      expect((await applied("slow")).get(n)).toBe(1);
    }
  });
});
