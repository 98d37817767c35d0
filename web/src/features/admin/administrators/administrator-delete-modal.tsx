import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useOutletContext, useParams } from "react-router-dom";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { deleteUser } from "../api/delete-user";

/** /gerencia/administrador/{login}/delete: confirmation over the list, which it returns to (query kept). */
export const AdministratorDeleteModal = () => {
  const { t } = useTranslation();
  const login = useParams().login ?? "";
  const { search } = useLocation();
  const navigate = useNavigate();
  const { reload } = useOutletContext<{ reload: () => void }>();
  const back = () => navigate(`/gerencia/administrador${search}`);
  const remove = useMutation(async () => {
    await deleteUser(login);
    reload();
    back();
  });
  return (
    <Modal
      title={t("gerencia.delete.title")}
      onClose={back}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={back}>
            {t("global.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.status === "running"}
            onClick={() => remove.run(undefined)}
          >
            {t("gerencia.actions.delete")}
          </button>
        </>
      }
    >
      {remove.status === "error" && <ErrorAlert error={remove.error} />}
      <p>{t("gerencia.delete.question", { login })}</p>
    </Modal>
  );
};
