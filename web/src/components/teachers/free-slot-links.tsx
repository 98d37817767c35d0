import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { dayKey, formatTime } from "../../lib/lessons/lesson-time";
import { bookingPath, formatSlotDay } from "../../lib/teachers/free-slots";
import "./free-slot-links.css";

/**
 * A teacher's free starts as links ("ter., 01/12 18:00"), each opening the booking of that start on the
 * teacher's public profile; `label` names the list for a screen reader.
 */
export const FreeSlotLinks = ({
  teacherId,
  slots,
  label,
}: {
  teacherId: number;
  slots: readonly string[];
  label: string;
}) => {
  const { i18n } = useTranslation();
  return (
    <ul className="free-slot-links" aria-label={label}>
      {slots.map((slot) => (
        <li key={slot}>
          <Link to={bookingPath(teacherId, slot)} className="btn btn-small btn-outline">
            {formatSlotDay(dayKey(new Date(slot)), i18n.language)} {formatTime(slot)}
          </Link>
        </li>
      ))}
    </ul>
  );
};
