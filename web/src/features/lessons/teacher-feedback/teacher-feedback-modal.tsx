import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { giveTeacherFeedback, skipTeacherFeedback } from "./teacher-feedback-api";
import {
  emptyDraft,
  type TeacherFeedbackDraft,
  type TeacherFeedbackErrors,
  validateTeacherFeedback,
} from "./teacher-feedback-form";

const TEXTS = ["sugestions", "productSugestions", "studentInformation", "information"] as const;

/**
 * The teacher's lesson report. Prompted on load for the last lesson without one, where closing stores
 * an empty report; opened from a lesson, closing just closes.
 */
export const TeacherFeedbackModal = ({
  lesson,
  prompted,
  onClose,
  onDone,
}: {
  lesson: LessonCard;
  prompted: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TeacherFeedbackDraft>(emptyDraft);
  const [errors, setErrors] = useState<TeacherFeedbackErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const change = (patch: Partial<TeacherFeedbackDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const run = async (call: () => Promise<unknown>) => {
    setSending(true);
    setFailure(null);
    try {
      await call();
      onDone();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  const submit = () => {
    const found = validateTeacherFeedback(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(() =>
      giveTeacherFeedback({
        lessonId: lesson.id,
        status: draft.status as 1 | 2 | 3,
        note: draft.note,
        information: draft.information.trim(),
        sugestions: draft.sugestions.trim(),
        productSugestions: draft.productSugestions.trim(),
        studentInformation: draft.studentInformation.trim(),
        partialyHeld: draft.status === 2 ? draft.partialyHeld.trim() : null,
      }),
    );
  };
  const close = () => (prompted ? void run(() => skipTeacherFeedback(lesson.id)) : onClose());

  const error = (field: keyof TeacherFeedbackDraft) =>
    errors[field] && (
      <span className="field-error" role="alert">
        {t(errors[field])}
      </span>
    );

  return (
    <Modal
      title={t("teacher.feedback.title")}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn btn-outline" disabled={sending} onClick={close}>
            {prompted ? t("teacher.feedback.skip") : t("teacher.feedback.cancel")}
          </button>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={submit}>
            {t("teacher.feedback.send")}
          </button>
        </>
      }
    >
      <p>
        <strong>{trailLabel(lesson.trail)}</strong> — {formatDay(lesson.date)} {formatTime(lesson.date)}
        {lesson.studentName && ` · ${lesson.studentName}`}
      </p>
      {failure !== null && <ErrorAlert error={failure} />}
      <fieldset className="form-field feedback-status">
        <legend>{t("teacher.feedback.status")}</legend>
        {[1, 2, 3].map((status) => (
          <label key={status} className="form-check">
            <input
              type="radio"
              name="teacher-feedback-status"
              checked={draft.status === status}
              onChange={() => change({ status })}
            />
            {t(`teacher.feedback.statuses.${status}`)}
          </label>
        ))}
        {error("status")}
      </fieldset>
      <fieldset className="rating">
        <legend>{t("teacher.feedback.note")}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            className={`rating-star${value <= draft.note ? " rating-star-on" : ""}`}
            aria-pressed={value <= draft.note}
            aria-label={t("teacher.feedback.stars", { count: value })}
            onClick={() => change({ note: value })}
          >
            ★
          </button>
        ))}
      </fieldset>
      {error("note")}
      {draft.status === 2 && (
        <div className="form-field">
          <label htmlFor="teacher-feedback-partialyHeld">{t("teacher.feedback.partialyHeld")}</label>
          <textarea
            id="teacher-feedback-partialyHeld"
            rows={2}
            value={draft.partialyHeld}
            onChange={(event) => change({ partialyHeld: event.target.value })}
          />
          {error("partialyHeld")}
        </div>
      )}
      {TEXTS.map((field) => (
        <div key={field} className="form-field">
          <label htmlFor={`teacher-feedback-${field}`}>{t(`teacher.feedback.${field}`)}</label>
          <textarea
            id={`teacher-feedback-${field}`}
            rows={2}
            value={draft[field]}
            onChange={(event) => change({ [field]: event.target.value })}
          />
          {error(field)}
        </div>
      ))}
    </Modal>
  );
};
