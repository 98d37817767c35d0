import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteLesson } from "../api/lesson-control-api";

/** /gerencia/aula/{id}/delete: the confirmation over the list; the lesson is cancelled and the credit given back. */
export const LessonDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/aula"
      title={t("adminLessons.delete.title")}
      question={t("adminLessons.delete.question", { id })}
      confirmLabel={t("adminLessons.delete.confirm")}
      onConfirm={() => deleteLesson(id)}
    />
  );
};
