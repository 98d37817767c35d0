import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dayKey, formatTime } from "../../../lib/lessons/lesson-time";
import { formatSlotDay, slotsByDay } from "../../../lib/teachers/free-slots";

/**
 * The teacher's free starts of the next two weeks (São Paulo time): a button per day that has any, and
 * the starts of the day shown — the chosen start's day, else the first. Fourteen days of starts at once
 * would be a wall of buttons on a phone. The chosen day and start are pressed.
 */
export const SlotPicker = ({
  slots,
  chosen,
  onChoose,
}: {
  slots: readonly string[];
  chosen: string | null;
  onChoose: (slot: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const [dayShown, setDayShown] = useState<string | null>(null);
  if (slots.length === 0) return <p className="alert alert-warning">{t("directory.slots.none")}</p>;
  const days = slotsByDay(slots);
  const chosenAt = chosen === null ? Number.NaN : Date.parse(chosen);
  const chosenDay = chosen === null ? null : dayKey(new Date(chosen));
  const shown =
    days.find(({ day }) => day === dayShown) ??
    days.find(({ day }) => day === chosenDay) ??
    (days[0] as (typeof days)[0]);
  const shownLabel = formatSlotDay(shown.day, i18n.language);
  return (
    <>
      <ul className="directory-days" aria-label={t("directory.slots.days")}>
        {days.map(({ day }) => (
          <li key={day}>
            <button
              type="button"
              className="btn btn-small btn-outline"
              aria-pressed={day === shown.day}
              onClick={() => setDayShown(day)}
            >
              {formatSlotDay(day, i18n.language)}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="directory-day" id="slots-of-day">
        {t("directory.slots.of", { day: shownLabel })}
      </h3>
      <ul className="directory-times" aria-labelledby="slots-of-day">
        {shown.slots.map((slot) => (
          <li key={slot}>
            <button
              type="button"
              className="btn btn-small btn-outline"
              aria-pressed={Date.parse(slot) === chosenAt}
              aria-label={t("directory.slots.choose", { day: shownLabel, time: formatTime(slot) })}
              onClick={() => onChoose(slot)}
            >
              {formatTime(slot)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
};
