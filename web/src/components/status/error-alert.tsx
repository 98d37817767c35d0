import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";

/** Shows a failed call the way spec section 8 lists: the server's key translated, else its message. */
export const ErrorAlert = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.messageKey : "error.unknown";
  return (
    <div className="alert alert-danger" role="alert">
      {t(key, { defaultValue: key })}
    </div>
  );
};
