import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ListHeading } from "../../../components/list/list-heading";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getItemPackages } from "../api/get-item-packages";

/**
 * /gerencia/pacote: the lesson packs on sale, fewest lessons first (the API answers them all at once),
 * with their price and what one lesson costs in each; rows open the pack, its form and the delete
 * confirmation.
 */
export const ItemPackagesPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const list = useResource(getItemPackages, "item-packages");

  return (
    <section>
      <ListHeading
        title={t("adminPurchasing.itemPackages.title")}
        createLabel={t("adminPurchasing.itemPackages.create")}
      />
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.length === 0 && <Empty>{t("adminPurchasing.itemPackages.empty")}</Empty>}
      {list.status === "ready" && list.data.length > 0 && (
        <div className="table-wrapper">
          <table className="table">
            <thead>
              <tr>
                <th>{t("adminPurchasing.itemPackages.id")}</th>
                <th>{t("adminPurchasing.itemPackages.amount")}</th>
                <th>{t("adminPurchasing.itemPackages.valueColumn")}</th>
                <th>{t("adminPurchasing.itemPackages.perLesson")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.map((item) => (
                <tr key={item.id}>
                  <td>{item.id}</td>
                  <td>{item.amount}</td>
                  <td>{formatReais(item.value)}</td>
                  <td>{formatReais(item.value / item.amount)}</td>
                  <td>
                    <div className="actions">
                      <Link to={`${item.id}${search}`} className="btn btn-small btn-outline">
                        {t("gerencia.actions.view")}
                      </Link>
                      <Link to={`${item.id}/edit${search}`} className="btn btn-small btn-outline">
                        {t("gerencia.actions.edit")}
                      </Link>
                      <Link to={`${item.id}/delete${search}`} className="btn btn-small btn-danger">
                        {t("gerencia.actions.delete")}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
