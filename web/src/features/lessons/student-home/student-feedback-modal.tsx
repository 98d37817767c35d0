import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { giveStudentFeedback } from "../api/student-feedback";

/**
 * Rates a lesson that took place: a note from 0 to 5 and a comment, both optional in the student area.
 * Skipping (or closing) sends an empty feedback so the prompt does not come back (spec section 4).
 */
export const StudentFeedbackModal = ({ lesson, onDone }: { lesson: LessonCard; onDone: () => void }) => {
  const { t } = useTranslation();
  const [note, setNote] = useState(0);
  const [information, setInformation] = useState("");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const send = async (feedback: { note: number | null; information: string }) => {
    setSending(true);
    setFailure(null);
    try {
      await giveStudentFeedback({ lessonId: lesson.id, ...feedback });
      onDone();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };
  const skip = () => send({ note: null, information: "" });

  return (
    <Modal
      title={t("student.feedback.title")}
      onClose={skip}
      footer={
        <>
          <button type="button" className="btn btn-outline" disabled={sending} onClick={skip}>
            {t("student.feedback.skip")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            onClick={() => send({ note, information: information.trim() })}
          >
            {t("student.feedback.send")}
          </button>
        </>
      }
    >
      <p>
        {t("student.feedback.question", {
          trail: trailLabel(lesson.trail),
          date: formatDay(lesson.date),
          time: formatTime(lesson.date),
          teacher: lesson.teacherName ?? "",
        })}
      </p>
      {failure !== null && <ErrorAlert error={failure} />}
      <fieldset className="rating">
        <legend>{t("student.feedback.note")}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            className={`rating-star${value <= note ? " rating-star-on" : ""}`}
            aria-pressed={value <= note}
            aria-label={t("student.feedback.stars", { count: value })}
            onClick={() => setNote(value === note ? 0 : value)}
          >
            ★
          </button>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor="student-feedback-text">{t("student.feedback.comment")}</label>
        <textarea
          id="student-feedback-text"
          rows={4}
          value={information}
          onChange={(event) => setInformation(event.target.value)}
        />
      </div>
    </Modal>
  );
};
