import { useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../lib/api";
import { downloadFile } from "../../lib/download";
import { useSession } from "../../lib/session/session-provider";
import { useMutation } from "../../lib/use-mutation";
import { Modal } from "../modal/modal";
import { ErrorAlert } from "../status/error-alert";

const exportPersonalData = () => downloadFile("api/account/export", "meus-dados.json");
const eraseAccount = (password: string) => request<void>("DELETE", "api/account", { body: { password } });

/**
 * "Seus dados (LGPD)" on a profile: download everything held about oneself, or erase it for good after a
 * confirmation that asks for the password (the account closes; lessons and payments stay, without the name).
 */
export const PersonalDataPanel = () => {
  const { t } = useTranslation();
  const { logout } = useSession();
  const download = useMutation(exportPersonalData);
  const erase = useMutation(eraseAccount);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");

  const close = () => {
    setConfirming(false);
    setPassword("");
  };
  const confirm = async () => {
    if (password === "") return;
    if ((await erase.run(password)) !== undefined) logout();
  };

  return (
    <section className="card narrow personal-data" aria-labelledby="personal-data-title">
      <h3 id="personal-data-title">{t("lgpd.title")}</h3>
      <p>{t("lgpd.intro")}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={download.status === "running"}
          onClick={() => download.run(undefined)}
        >
          {download.status === "running" ? t("lgpd.exporting") : t("lgpd.export")}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          {t("lgpd.erase")}
        </button>
      </div>
      {download.status === "error" && <ErrorAlert error={download.error} />}
      {confirming && (
        <Modal
          title={t("lgpd.confirm.title")}
          onClose={close}
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={close}>
                {t("global.cancel")}
              </button>
              <button
                type="submit"
                form="erase-account-form"
                className="btn btn-danger"
                disabled={password === "" || erase.status === "running"}
              >
                {t("lgpd.confirm.submit")}
              </button>
            </>
          }
        >
          <form
            id="erase-account-form"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <p>{t("lgpd.confirm.question")}</p>
            <p>{t("lgpd.confirm.kept")}</p>
            <div className="form-field">
              <label htmlFor="erase-account-password">{t("lgpd.confirm.password")}</label>
              <input
                id="erase-account-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            {erase.status === "error" && <ErrorAlert error={erase.error} />}
          </form>
        </Modal>
      )}
    </section>
  );
};
