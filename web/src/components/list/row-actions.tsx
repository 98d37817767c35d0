import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";

/**
 * A back-office row's Ver, Editar and Excluir (each left out with `false`), opening `{id}`, `{id}/edit`
 * and `{id}/delete` under the list with the list's query, so closing them returns to the same page.
 * `children` come after them (a row's own actions).
 */
export const RowActions = ({
  id,
  view = true,
  edit = true,
  remove = true,
  children,
}: {
  id: number | string;
  view?: boolean;
  edit?: boolean;
  remove?: boolean;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="actions">
      {view && (
        <Link to={`${id}${search}`} className="btn btn-small btn-outline">
          {t("gerencia.actions.view")}
        </Link>
      )}
      {edit && (
        <Link to={`${id}/edit${search}`} className="btn btn-small btn-outline">
          {t("gerencia.actions.edit")}
        </Link>
      )}
      {remove && (
        <Link to={`${id}/delete${search}`} className="btn btn-small btn-danger">
          {t("gerencia.actions.delete")}
        </Link>
      )}
      {children}
    </div>
  );
};
