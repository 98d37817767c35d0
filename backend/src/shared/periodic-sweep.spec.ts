import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPeriodicSweep } from "./periodic-sweep";

/** A sweep whose runs end only when the test says so. */
const controlledSweep = () => {
  const runs: Array<{ finish: () => void; fail: (error: Error) => void }> = [];
  const sweep = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        runs.push({ finish: resolve, fail: reject });
      }),
  );
  return { sweep, runs };
};

describe("a periodic sweep", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once per interval, never before the first one has passed", async () => {
    const sweep = vi.fn(async () => undefined);
    const sweeps = startPeriodicSweep({ intervalMs: 1000, sweep, onError: () => {} });
    await vi.advanceTimersByTimeAsync(999);
    expect(sweep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sweep).toHaveBeenCalledTimes(3);
    await sweeps.stop();
  });

  it("skips the ticks that find the last run still going", async () => {
    const { sweep, runs } = controlledSweep();
    const sweeps = startPeriodicSweep({ intervalMs: 1000, sweep, onError: () => {} });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sweep).toHaveBeenCalledTimes(1);
    runs[0]?.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(2);
    runs[1]?.finish();
    await sweeps.stop();
  });

  it("reports a failed run and tries again at the next tick", async () => {
    const { sweep, runs } = controlledSweep();
    const onError = vi.fn();
    const sweeps = startPeriodicSweep({ intervalMs: 1000, sweep, onError });
    await vi.advanceTimersByTimeAsync(1000);
    const failure = new Error("database unreachable");
    runs[0]?.fail(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(2);
    runs[1]?.finish();
    await sweeps.stop();
  });

  it("stops ticking when stopped, after the run under way has finished", async () => {
    const { sweep, runs } = controlledSweep();
    const sweeps = startPeriodicSweep({ intervalMs: 1000, sweep, onError: () => {} });
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = sweeps.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs[0]?.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep).toHaveBeenCalledTimes(1);
  });
});
