import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { unassignTeacher } from "../api/lesson-control-api";

/** /gerencia/aula/{id}/unassign: the confirmation over the list; the lesson goes back to the teachers' board. */
export const LessonUnassignModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/aula"
      title={t("adminLessons.unassign.title")}
      question={t("adminLessons.unassign.question", { id })}
      confirmLabel={t("adminLessons.unassign.confirm")}
      onConfirm={() => unassignTeacher(id)}
    />
  );
};
