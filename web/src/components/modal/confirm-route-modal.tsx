import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useOutletContext } from "react-router-dom";
import { useMutation } from "../../lib/use-mutation";
import { ErrorAlert } from "../status/error-alert";
import { Modal } from "./modal";

export interface ConfirmRouteModalProps {
  /** The list route this modal stands over; cancelling or confirming returns there, query kept. */
  listPath: string;
  title: ReactNode;
  question: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => Promise<unknown>;
}

/**
 * A destructive confirmation opened as a child route of a list (`…/{id}/delete`). On success it asks the
 * list, through the outlet context, to reload, so the row's new state shows without a page refresh.
 */
export const ConfirmRouteModal = ({ listPath, title, question, confirmLabel, onConfirm }: ConfirmRouteModalProps) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { reload } = useOutletContext<{ reload: () => void }>();
  const back = () => navigate(`${listPath}${search}`);
  const confirm = useMutation(async () => {
    await onConfirm();
    reload();
    back();
  });
  return (
    <Modal
      title={title}
      onClose={back}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={back}>
            {t("global.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={confirm.status === "running"}
            onClick={() => confirm.run(undefined)}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {confirm.status === "error" && <ErrorAlert error={confirm.error} />}
      <p>{question}</p>
    </Modal>
  );
};
