const HOUR = 60 * 60 * 1000;
const HALF_HOUR = 30 * 60 * 1000;

/** A lesson start `hours` from now, rounded up to the next half-hour slot. */
export const inHours = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HALF_HOUR) * HALF_HOUR);
