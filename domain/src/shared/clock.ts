/**
 * Where business time comes from: expiries, "in the past", notice rules, the dates e-mails and exports carry.
 * The product runs on `systemClock`; a spec passes one it moves, to see a decision change with time. Durations
 * measured for metrics, timeouts and heartbeats stay on the machine's clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
