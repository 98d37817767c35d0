import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { onSuccessAlert, type SuccessAlert } from "../../lib/api";
import "./toast.css";

/** Long enough to read two lines; the close button is there for whoever is done sooner. */
export const TOAST_MS = 6000;

interface Toast extends SuccessAlert {
  id: number;
}

const ToastMessage = ({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) => {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className="toast alert alert-success">
      {/* A caller's own success may be a ready sentence rather than a key: it is shown as it is. */}
      <span>{t(toast.key, { ...toast.params, param: toast.param, defaultValue: toast.key })}</span>
      <button type="button" className="toast-close" aria-label={t("global.close")} onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
};

/**
 * Success messages of spec section 8: the `X-app-alert` key of a successful change (with its
 * `X-app-params` value) or a request's own success message. The live region is always in the page, so
 * screen readers announce what is added to it.
 */
export const ToastRegion = () => {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let nextId = 0;
    const stop = onSuccessAlert((alert) => {
      nextId += 1;
      const toast = { ...alert, id: nextId };
      setToasts((shown) => [...shown, toast]);
    });
    return () => {
      stop();
    };
  }, []);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
};
