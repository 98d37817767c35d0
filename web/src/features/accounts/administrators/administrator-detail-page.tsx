import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getUser } from "../api/get-user";
import { formatDate } from "../users/format-date";

/** /gerencia/administrador/{login}: one user, read-only. */
export const AdministratorDetailPage = () => {
  const { t } = useTranslation();
  const login = useParams().login ?? "";
  const { search } = useLocation();
  const user = useResource(() => getUser(login), login);
  return (
    <section className="card">
      <h2>
        {t("gerencia.administrators.detail")} [<b>{login}</b>]
      </h2>
      {user.status === "loading" && <Loading />}
      {user.status === "failed" && <ErrorAlert error={user.error} />}
      {user.status === "ready" && (
        <dl className="details">
          <dt>ID</dt>
          <dd>{user.data.id}</dd>
          <dt>{t("gerencia.users.login")}</dt>
          <dd>{user.data.login}</dd>
          <dt>{t("gerencia.users.firstName")}</dt>
          <dd>{user.data.firstName}</dd>
          <dt>{t("gerencia.users.lastName")}</dt>
          <dd>{user.data.lastName}</dd>
          <dt>{t("gerencia.users.email")}</dt>
          <dd>{user.data.email}</dd>
          <dt>{t("gerencia.users.activated")}</dt>
          <dd>{t(user.data.activated ? "gerencia.users.activatedBadge" : "gerencia.users.deactivatedBadge")}</dd>
          <dt>{t("gerencia.users.langKey")}</dt>
          <dd>{user.data.langKey}</dd>
          <dt>{t("gerencia.users.createdBy")}</dt>
          <dd>{user.data.createdBy}</dd>
          <dt>{t("gerencia.users.createdDate")}</dt>
          <dd>{formatDate(user.data.createdDate)}</dd>
          <dt>{t("gerencia.users.lastModifiedBy")}</dt>
          <dd>{user.data.lastModifiedBy}</dd>
          <dt>{t("gerencia.users.lastModifiedDate")}</dt>
          <dd>{formatDate(user.data.lastModifiedDate)}</dd>
          <dt>{t("gerencia.users.authorities")}</dt>
          <dd>{user.data.authorities.join(", ")}</dd>
        </dl>
      )}
      <Link to={`/gerencia/administrador${search}`} className="btn btn-outline">
        {t("gerencia.actions.back")}
      </Link>
      {user.status === "ready" && <HistoryLink of={{ user: user.data }} className="btn btn-outline" />}
    </section>
  );
};
