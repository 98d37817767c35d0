import type { AffectedLesson } from "@el/domain/directory/directory-contracts";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";

/**
 * Before a change of availability takes booked lessons from the teacher: which ones (São Paulo date and
 * time, student), and what happens to them, with "Confirmar e salvar" and "Voltar".
 */
export const ConflictDialog = ({
  affected,
  own,
  confirming,
  onConfirm,
  onCancel,
}: {
  affected: AffectedLesson[];
  /** The teacher's own availability, or a teacher's changed by the back office. */
  own: boolean;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("availability.conflict.title")}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={confirming}>
            {t("availability.conflict.cancel")}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={confirming}>
            {confirming ? t("availability.saving") : t("availability.conflict.confirm")}
          </button>
        </>
      }
    >
      <p>{t(own ? "availability.conflict.intro" : "availability.conflict.introOther", { count: affected.length })}</p>
      <ul className="availability-affected">
        {affected.map((lesson) => (
          <li key={lesson.lessonId}>
            {t("availability.conflict.lesson", {
              date: formatDay(lesson.date),
              time: formatTime(lesson.date),
              student: lesson.student.name,
            })}
          </li>
        ))}
      </ul>
      <p>{t("availability.conflict.explain")}</p>
    </Modal>
  );
};
