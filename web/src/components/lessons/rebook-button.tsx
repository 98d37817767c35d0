import { useState } from "react";
import { useTranslation } from "react-i18next";
import { announceSuccess } from "../../lib/api";
import { dayKey, formatTime } from "../../lib/lessons/lesson-time";
import { rebookLesson } from "../../lib/lessons/rebook-lesson";
import { formatSlotDay } from "../../lib/teachers/free-slots";
import { useMutation } from "../../lib/use-mutation";
import { ErrorAlert } from "../status/error-alert";
import { FreeSlotLinks } from "../teachers/free-slot-links";

/**
 * "Agendar de novo" on a past lesson: one click books the same teacher at the same weekday and time a
 * week later (a toast says so and `onBooked` reloads the lists); when that start is not free, the
 * teacher's nearest free starts are listed, each opening its booking on the teacher's page.
 */
export const RebookButton = ({ lessonId, onBooked }: { lessonId: number; onBooked: () => void }) => {
  const { t, i18n } = useTranslation();
  const [nearest, setNearest] = useState<{ teacherId: number; slots: string[] } | null>(null);
  const rebook = useMutation(async () => {
    const answer = await rebookLesson(lessonId);
    if (!answer.booked) {
      setNearest({ teacherId: answer.teacherId, slots: answer.slots });
      return;
    }
    setNearest(null);
    const start = answer.lesson.date;
    announceSuccess({
      key: "rebook.booked",
      params: { day: formatSlotDay(dayKey(new Date(start)), i18n.language), time: formatTime(start) },
    });
    onBooked();
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={rebook.status === "running"}
        onClick={() => void rebook.run(undefined)}
      >
        {rebook.status === "running" ? t("rebook.sending") : t("rebook.button")}
      </button>
      {rebook.status === "error" && <ErrorAlert error={rebook.error} />}
      {nearest && (
        <div className="alert alert-info" role="status">
          {nearest.slots.length > 0 ? (
            <>
              <p>{t("rebook.notFree")}</p>
              <FreeSlotLinks teacherId={nearest.teacherId} slots={nearest.slots} label={t("rebook.slots")} />
            </>
          ) : (
            t("rebook.noSlots")
          )}
        </div>
      )}
    </>
  );
};
