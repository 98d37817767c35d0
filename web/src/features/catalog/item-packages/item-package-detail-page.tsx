import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getItemPackage } from "../api/get-item-package";

/** /gerencia/pacote/{id}: one lesson pack, read-only, with its edit button. */
export const ItemPackageDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const item = useResource(() => getItemPackage(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminPurchasing.itemPackages.detail")} [<b>{id}</b>]
      </h2>
      {item.status === "loading" && <Loading />}
      {item.status === "failed" && <ErrorAlert error={item.error} />}
      {item.status === "ready" && (
        <dl className="details">
          <dt>{t("adminPurchasing.itemPackages.id")}</dt>
          <dd>{item.data.id}</dd>
          <dt>{t("adminPurchasing.itemPackages.amount")}</dt>
          <dd>{item.data.amount}</dd>
          <dt>{t("adminPurchasing.itemPackages.valueColumn")}</dt>
          <dd>{formatReais(item.data.value)}</dd>
          <dt>{t("adminPurchasing.itemPackages.perLesson")}</dt>
          <dd>{formatReais(item.data.value / item.data.amount)}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/pacote${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {item.status === "ready" && (
          <Link to={`/gerencia/pacote/${item.data.id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
