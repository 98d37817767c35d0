import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";

/**
 * A user row's view and edit links, any more actions, and the person's history for those who audit; each
 * back-office link keeps the list's query to return to it.
 */
export const UserRowActions = ({
  user,
  children,
}: {
  user: { id: number; login: string; authorities: readonly string[] };
  children?: ReactNode;
}) => {
  const { login } = user;
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
      <HistoryLink of={{ user }} />
    </div>
  );
};
