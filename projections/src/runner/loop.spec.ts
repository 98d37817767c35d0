import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLifecycle } from "./loop";

describe("a runner's lifecycle", () => {
  it("given pauses that ran their time, when they have ended, then none is left for the stop to end", async () => {
    const lifecycle = createLifecycle();
    await Promise.all(Array.from({ length: 1_000 }, () => lifecycle.pause(0)));
    expect(lifecycle.pauses).toBe(0);
  });

  describe("on a clock the spec moves", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("given a long pause, when the runner stops, then the pause ends at once", async () => {
      const lifecycle = createLifecycle();
      let ended = false;
      const pause = lifecycle.pause(60_000).then(() => {
        ended = true;
      });
      expect(lifecycle.pauses).toBe(1);
      lifecycle.stop();
      await pause;
      expect(ended).toBe(true);
      expect(lifecycle.pauses).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("given a stopped runner, when a loop pauses, then the pause does not wait", async () => {
      const lifecycle = createLifecycle();
      lifecycle.stop();
      await lifecycle.pause(60_000);
      expect(lifecycle.pauses).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("given a pause, when its time is up, then it ends without the stop", async () => {
      const lifecycle = createLifecycle();
      const pause = lifecycle.pause(2_000);
      await vi.advanceTimersByTimeAsync(2_000);
      await pause;
      expect(lifecycle.stopping).toBe(false);
      expect(lifecycle.pauses).toBe(0);
    });
  });
});
