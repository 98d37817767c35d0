import { CANCELLATION_NOTICE_MS } from "@el/domain/lessons/lesson";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTACT } from "../../../components/layout/footer";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { cancelScheduling } from "../api/cancel-scheduling";

/**
 * With at least 24 h notice the student cancels here and gets the credit back, and the policy is told
 * without sending them to support; later than that only support (by chat) can help, and it says so.
 */
export const CancelLessonModal = ({
  lesson,
  onClose,
  onCancelled,
}: {
  lesson: LessonCard;
  onClose: () => void;
  onCancelled: () => void;
}) => {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const inTime = Date.parse(lesson.date) - Date.now() >= CANCELLATION_NOTICE_MS;

  const cancel = async () => {
    setSending(true);
    setFailure(null);
    try {
      await cancelScheduling(lesson.id);
      onCancelled();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  return (
    <Modal
      title={t("student.cancel.title")}
      onClose={onClose}
      footer={
        inTime ? (
          <>
            <button type="button" className="btn btn-outline" onClick={onClose}>
              {t("student.cancel.keep")}
            </button>
            <button type="button" className="btn btn-danger" disabled={sending} onClick={cancel}>
              {t("student.cancel.confirm")}
            </button>
          </>
        ) : (
          <a className="btn btn-secondary" href={CONTACT.whatsappLink} target="_blank" rel="noreferrer">
            {t("student.cancel.support")}
          </a>
        )
      }
    >
      <p>
        <strong>{trailLabel(lesson.trail)}</strong> — {formatDay(lesson.date)} {formatTime(lesson.date)}
      </p>
      <p className="alert alert-info">{t(inTime ? "student.cancel.policy" : "student.cancel.late")}</p>
      {inTime && <p>{t("student.cancel.refund")}</p>}
      {failure !== null && <ErrorAlert error={failure} />}
    </Modal>
  );
};
