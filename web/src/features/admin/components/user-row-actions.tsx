import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";

/** A user row's view and edit links, and any more actions; each keeps the list's query to return to it. */
export const UserRowActions = ({ login, children }: { login: string; children?: ReactNode }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="actions">
      <Link to={`${encodeURIComponent(login)}${search}`} className="btn btn-small btn-outline">
        {t("gerencia.actions.view")}
      </Link>
      <Link to={`${encodeURIComponent(login)}/edit${search}`} className="btn btn-small btn-outline">
        {t("gerencia.actions.edit")}
      </Link>
      {children}
    </div>
  );
};
