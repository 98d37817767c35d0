import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteUser } from "../api/delete-user";

/** /gerencia/administrador/{login}/delete: confirmation over the list, which it returns to (query kept). */
export const AdministratorDeleteModal = () => {
  const { t } = useTranslation();
  const login = useParams().login ?? "";
  return (
    <ConfirmRouteModal
      listPath="/gerencia/administrador"
      title={t("gerencia.delete.title")}
      question={t("gerencia.delete.question", { login })}
      confirmLabel={t("gerencia.actions.delete")}
      onConfirm={() => deleteUser(login)}
    />
  );
};
