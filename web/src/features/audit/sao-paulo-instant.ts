import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { combineDateAndTime, formatDay, formatTime } from "../../lib/lessons/lesson-time";

/** A `datetime-local` value (São Paulo's wall clock) as an ISO instant; "" stays "". */
export const instantOfLocal = (local: string) => {
  if (!local) return "";
  const [date, time] = local.split("T");
  return date && time ? combineDateAndTime(date, time.slice(0, 5)) : "";
};

/** An ISO instant as a `datetime-local` value on São Paulo's wall clock. */
export const localOfInstant = (instant: string) =>
  instant ? `${localDateOf(new Date(instant))}T${formatTime(instant)}` : "";

/** 'DD/MM/YY HH:mm' in São Paulo. */
export const formatInstant = (instant: string) => `${formatDay(instant)} ${formatTime(instant)}`;
