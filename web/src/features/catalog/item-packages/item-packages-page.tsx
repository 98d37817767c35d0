import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ListHeading } from "../../../components/list/list-heading";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { getItemPackages } from "../../../lib/catalog/get-item-packages";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";

/**
 * /gerencia/pacote: the lesson packs on sale, fewest lessons first (the API answers them all at once),
 * with their price and what one lesson costs in each; rows open the pack, its form and the delete
 * confirmation.
 */
export const ItemPackagesPage = () => {
  const { t } = useTranslation();
  const list = useResource(getItemPackages, "item-packages");

  return (
    <section>
      <ListHeading
        title={t("adminPurchasing.itemPackages.title")}
        createLabel={t("adminPurchasing.itemPackages.create")}
      />
      <ListTable
        list={list}
        empty={t("adminPurchasing.itemPackages.empty")}
        columns={
          <>
            <th>{t("adminPurchasing.itemPackages.id")}</th>
            <th>{t("adminPurchasing.itemPackages.amount")}</th>
            <th>{t("adminPurchasing.itemPackages.valueColumn")}</th>
            <th>{t("adminPurchasing.itemPackages.perLesson")}</th>
            <th />
          </>
        }
        row={(item) => (
          <tr key={item.id}>
            <td>{item.id}</td>
            <td>{item.amount}</td>
            <td>{formatReais(item.value)}</td>
            <td>{formatReais(item.value / item.amount)}</td>
            <td>
              <RowActions id={item.id} />
            </td>
          </tr>
        )}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
