import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/** A page that throws while rendering shows the spec's text instead of a blank screen. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const key = isRouteErrorResponse(error) && error.status === 404 ? "error.page.notfound" : "error.unexpected";
  return (
    <div className="alert alert-danger" role="alert">
      {t(key)}
    </div>
  );
};
