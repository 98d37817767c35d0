import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { eraseUser } from "../api/erase-user";

/**
 * "Excluir dados pessoais (LGPD)" on a user's detail: after a confirmation, erases the person's personal
 * data for good and goes back to the list, where the row now reads "titular removido".
 */
export const EraseUserButton = ({ login, listPath }: { login: string; listPath: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation(async () => {
    await eraseUser(login);
    navigate(listPath);
  });
  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        {t("lgpd.adminErase")}
      </button>
      {confirming && (
        <Modal
          title={t("lgpd.adminConfirm.title")}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
                {t("global.cancel")}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={erase.status === "running"}
                onClick={() => erase.run(undefined)}
              >
                {t("lgpd.adminConfirm.submit")}
              </button>
            </>
          }
        >
          <p>{t("lgpd.adminConfirm.question", { login })}</p>
          {erase.status === "error" && <ErrorAlert error={erase.error} />}
        </Modal>
      )}
    </>
  );
};
