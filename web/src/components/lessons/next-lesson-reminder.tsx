import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { trailLabel } from "../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../lib/lessons/lesson-time";
import type { Resource } from "../../lib/use-resource";
import { Modal } from "../modal/modal";

/** How soon a lesson must start for the reminder to open by itself. */
export const REMINDER_WITHIN_MS = 24 * 60 * 60 * 1000;
const DISMISSED_KEY = "next-lesson-reminder-dismissed";

/** The next lesson with a teacher and a link that has not yet started, if it starts within a day. */
export const nextLessonWithin = (lessons: readonly LessonCard[], now: Date, withinMs = REMINDER_WITHIN_MS) =>
  lessons
    .filter((lesson) => lesson.meetUrl && Date.parse(lesson.date) > now.getTime())
    .filter((lesson) => Date.parse(lesson.date) - now.getTime() <= withinMs)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0];

/**
 * The spec's next-lesson reminder, with the real next lesson: when the area opens and a confirmed lesson
 * starts within a day, a dialog says when, what and with whom, with the link to join. Closed, it stays
 * closed for that lesson for the rest of the session.
 */
export const NextLessonReminder = ({
  today,
  upcoming,
  counterpart,
  now = new Date(),
}: {
  today: Resource<{ lessons: LessonCard[] }>;
  upcoming: Resource<{ lessons: LessonCard[] }>;
  counterpart: "teacher" | "student";
  now?: Date;
}) => {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  if (today.status !== "ready" || upcoming.status !== "ready") return null;
  const next = nextLessonWithin([...today.data.lessons, ...upcoming.data.lessons], now);
  if (!next || dismissed === String(next.id)) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, String(next.id));
    setDismissed(String(next.id));
  };
  const other = counterpart === "teacher" ? next.teacherName : next.studentName;
  return (
    <Modal
      title={t("calendar.reminder.title")}
      onClose={close}
      footer={
        <>
          <a className="btn btn-primary" href={next.meetUrl ?? undefined} target="_blank" rel="noreferrer">
            {t("calendar.reminder.join")}
          </a>
          <button type="button" className="btn" onClick={close}>
            {t("calendar.reminder.later")}
          </button>
        </>
      }
    >
      <p>{t("calendar.reminder.when", { day: formatDay(next.date), time: formatTime(next.date) })}</p>
      <p>{trailLabel(next.trail)}</p>
      {other && <p>{t(`calendar.reminder.with.${counterpart}`, { name: other })}</p>}
    </Modal>
  );
};
