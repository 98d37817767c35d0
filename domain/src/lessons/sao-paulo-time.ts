/**
 * Lessons are stored as UTC instants and their rules (07:00–22:00, :00 or :30, "today") are about the
 * wall clock in São Paulo, where every student and teacher of the product lives. Intl knows the zone's
 * rules, so a future change of Brazil's daylight saving needs no code change.
 */
export const LESSON_TIME_ZONE = "America/Sao_Paulo";

const format = new Intl.DateTimeFormat("en-US", {
  timeZone: LESSON_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  weekday: "short",
  hourCycle: "h23",
});

const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Monday = 1 … Sunday = 7, as the teacher's accept-list filter counts them. */
  weekday: number;
}

/**
 * The wall clocks of recent instants: `formatToParts` is the costly part, and a lesson's instant is asked for
 * again and again (its rules, its month, its e-mails, its board card). A pure function of the instant.
 */
const recentClocks = new Map<number, WallClock>();
const RECENT_CLOCKS = 2_000;

export const wallClockOf = (instant: Date | string): WallClock => {
  const time = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  const known = recentClocks.get(time);
  if (known) return { ...known };
  // An invalid instant throws here (RangeError), as it always did.
  const clock = wallClockAt(time);
  if (recentClocks.size >= RECENT_CLOCKS) recentClocks.delete(recentClocks.keys().next().value as number);
  recentClocks.set(time, clock);
  return { ...clock };
};

const wallClockAt = (time: number): WallClock => {
  const parts = Object.fromEntries(format.formatToParts(new Date(time)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays[parts.weekday ?? ""] ?? 0,
  };
};

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-05-04" in São Paulo. */
export const localDateOf = (instant: Date | string) => {
  const { year, month, day } = wallClockOf(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** "14:30" in São Paulo. */
export const localTimeOf = (instant: Date | string) => {
  const { hour, minute } = wallClockOf(instant);
  return `${pad(hour)}:${pad(minute)}`;
};
