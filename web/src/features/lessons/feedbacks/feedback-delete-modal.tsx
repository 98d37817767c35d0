import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteFeedback, type FeedbackKind } from "../api/feedbacks-api";
import { feedbackPath, kindText } from "./feedback-texts";

/** …/{id}/delete: the spec's confirmation over the list, which it returns to (query kept). */
export const FeedbackDeleteModal = ({ kind }: { kind: FeedbackKind }) => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath={`/gerencia/${feedbackPath(kind)}`}
      title={kindText(t, kind, "deleteTitle")}
      question={kindText(t, kind, "deleteQuestion")}
      confirmLabel={t("gerencia.actions.delete")}
      onConfirm={() => deleteFeedback(kind, id)}
    />
  );
};
