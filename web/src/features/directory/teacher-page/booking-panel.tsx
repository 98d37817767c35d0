import type { TrailView } from "@el/domain/catalog/catalog-views";
import { SERIES_MAX_WEEKS } from "@el/domain/directory/directory-contracts";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { dayKey, formatTime } from "../../../lib/lessons/lesson-time";
import { formatSlotDay, formatSlotWeekday, weekdayContextOf } from "../../../lib/teachers/free-slots";
import { bookingMachine, SERIES_MIN_WEEKS } from "./booking.machine";
import { TrailChoice } from "./trail-choice";

const WEEK_CHOICES = Array.from(
  { length: SERIES_MAX_WEEKS - SERIES_MIN_WEEKS + 1 },
  (_, index) => SERIES_MIN_WEEKS + index,
);

/**
 * "Agendar com {nome}" for the free start chosen: the trail, and "Toda semana" for a weekly series.
 * `onBooked` and `onSlotTaken` let the page read the free starts again.
 */
export const BookingPanel = ({
  teacherId,
  teacherName,
  slot,
  trails,
  onBooked,
  onSlotTaken,
}: {
  teacherId: number;
  teacherName: string;
  slot: string | null;
  trails: readonly TrailView[];
  onBooked: () => void;
  onSlotTaken: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const callbacks = useRef({ onBooked, onSlotTaken });
  callbacks.current = { onBooked, onSlotTaken };
  const [machine] = useState(() =>
    bookingMachine.provide({
      actions: {
        booked: () => callbacks.current.onBooked(),
        slotTaken: () => callbacks.current.onSlotTaken(),
      },
    }),
  );
  const booking = useActorRef(machine);
  const snapshot = useSelector(booking, (current) => current);
  const { trailId, weekly, weeks, trailError, failure, attempt } = snapshot.context;
  const when = (start: string) => ({
    day: formatSlotDay(dayKey(new Date(start)), i18n.language),
    time: formatTime(start),
    weekday: formatSlotWeekday(start, i18n.language),
    name: teacherName,
    weeks,
    context: weekdayContextOf(start),
  });

  if (snapshot.matches("booked") && attempt) {
    return (
      <section className="card directory-booking" aria-labelledby="booking-title">
        <h2 id="booking-title">{t("directory.booking.title", { name: teacherName })}</h2>
        <div className="alert alert-success" role="status">
          {attempt.weeks === null
            ? t("directory.booking.booked", when(attempt.start))
            : t("directory.booking.seriesBooked", { ...when(attempt.start), weeks: attempt.weeks })}
        </div>
        <div className="actions">
          <Link to="/student" className="btn btn-primary">
            {t("directory.booking.myLessons")}
          </Link>
          <button type="button" className="btn btn-outline" onClick={() => booking.send({ type: "booking.restarted" })}>
            {t("directory.booking.another")}
          </button>
        </div>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (slot) booking.send({ type: "booking.submitted", teacherId, start: slot });
  };
  const sending = snapshot.matches("sending");
  return (
    <section className="card directory-booking" aria-labelledby="booking-title">
      <h2 id="booking-title">{t("directory.booking.title", { name: teacherName })}</h2>
      {failure !== null && <ErrorAlert error={failure} />}
      {slot ? (
        <form onSubmit={submit} noValidate>
          <p className="directory-booking-when">{t("directory.booking.when", when(slot))}</p>
          <TrailChoice
            id="booking-trail"
            trails={trails}
            value={trailId}
            error={trailError}
            onChange={(chosen) => booking.send({ type: "trail.chosen", trailId: chosen })}
          />
          <label className="form-check">
            <input
              type="checkbox"
              checked={weekly}
              onChange={(event) => booking.send({ type: "weekly.toggled", weekly: event.target.checked })}
            />
            {t("directory.booking.weekly")}
          </label>
          {weekly && (
            <div className="form-field">
              <label htmlFor="booking-weeks">{t("directory.booking.weeks")}</label>
              <select
                id="booking-weeks"
                value={weeks}
                aria-describedby="booking-weeks-hint"
                onChange={(event) => booking.send({ type: "weeks.chosen", weeks: Number(event.target.value) })}
              >
                {WEEK_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
              <span id="booking-weeks-hint" className="directory-hint">
                {t("directory.booking.seriesSummary", when(slot))}
              </span>
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending
              ? t("directory.booking.sending")
              : weekly
                ? t("directory.booking.submitWeekly")
                : t("directory.booking.submit", { name: teacherName })}
          </button>
        </form>
      ) : (
        <p>{t("directory.booking.pickSlot")}</p>
      )}
    </section>
  );
};
