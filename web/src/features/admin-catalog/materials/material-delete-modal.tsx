import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useOutletContext, useParams } from "react-router-dom";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { deactivateMaterial } from "../api/materials-api";

/**
 * /gerencia/materiais/{id}/delete: the spec's confirmation over the list. The server keeps the material
 * and marks it inactive, so it can be activated again from the list.
 */
export const MaterialDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { search } = useLocation();
  const navigate = useNavigate();
  const { reload } = useOutletContext<{ reload: () => void }>();
  const back = () => navigate(`/gerencia/materiais${search}`);
  const remove = useMutation(async () => {
    await deactivateMaterial(id);
    reload();
    back();
  });
  return (
    <Modal
      title={t("adminCatalog.delete.title")}
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
            {t("adminCatalog.deactivate")}
          </button>
        </>
      }
    >
      {remove.status === "error" && <ErrorAlert error={remove.error} />}
      <p>{t("adminCatalog.materials.deleteQuestion")}</p>
    </Modal>
  );
};
