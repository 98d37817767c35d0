import type { Clock } from "@el/domain/shared/clock";

/** A clock a spec moves: it starts at `start` (the real time by default) and stands still until moved. */
export const movableClock = (start = new Date()) => {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    moveBy: (ms: number) => {
      at += ms;
    },
  } satisfies Clock & { moveBy(ms: number): void };
};
