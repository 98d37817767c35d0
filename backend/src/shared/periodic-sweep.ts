/** A sweep started by `startPeriodicSweep`. */
export interface PeriodicSweep {
  /** Stops the timer and waits for a run under way, so nothing is written after the database closes. */
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs` in this process: the work lists the sweeps read live in PostgreSQL, so every
 * process looks at them and what is due survives restarts. One run at a time: a tick that finds the last run
 * still going does nothing. A run that fails goes to `onError` and the next tick tries again. The timer does
 * not keep the process alive.
 */
export const startPeriodicSweep = (options: {
  intervalMs: number;
  sweep: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): PeriodicSweep => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= options
      .sweep()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
