/**
 * How often one key (an address, an e-mail) may do something in a sliding window, counted in this
 * process. For what only slows down probing (the sign-up e-mail check, reset requests), a per-process
 * count is enough: behind N instances a prober gets N times the allowance, still far from a list of
 * addresses. What must hold across instances (sign-in attempts, reset e-mails per account) is counted in
 * the event store instead.
 */
export const createRequestLimit = (limit: { max: number; windowMs: number }) => {
  const hits = new Map<string, number[]>();
  const recent = (key: string, now: number) => (hits.get(key) ?? []).filter((at) => now - at < limit.windowMs);
  /** Forgets keys with nothing in the window, so a prober cycling through keys cannot grow the map forever. */
  const prune = (now: number) => {
    for (const [key, times] of hits) if (times.every((at) => now - at >= limit.windowMs)) hits.delete(key);
  };
  const waitOf = (times: number[], now: number) =>
    times.length >= limit.max ? (times[times.length - limit.max] as number) + limit.windowMs - now : 0;
  return {
    /** How many milliseconds until `key` may be used again (0: now), without counting a use. */
    wait: (key: string, now = Date.now()) => waitOf(recent(key, now), now),
    /** Counts one use of `key` if allowed: 0, else how many milliseconds until it would be. */
    take(key: string, now = Date.now()): number {
      const times = recent(key, now);
      const wait = waitOf(times, now);
      if (wait > 0) return wait;
      if (hits.size >= 50_000) prune(now);
      hits.set(key, [...times, now]);
      return 0;
    },
  };
};
