import type { CouponView } from "@el/domain/coupons/coupon-views";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ActivationBadge } from "../../components/list/activation-badge";
import { ListHeading } from "../../components/list/list-heading";
import { ListTable } from "../../components/list/list-table";
import { RowActions } from "../../components/list/row-actions";
import { SearchBox } from "../../components/list/search-box";
import { SortableHeader } from "../../components/list/sortable-header";
import { ErrorAlert } from "../../components/status/error-alert";
import { useListParams } from "../../lib/list-params";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { getCoupons } from "./api/get-coupons";
import { toggleCoupon } from "./api/save-coupon";
import { discountText, packageText, studentText, usesText } from "./coupon-texts";

export const COUPON_PAGE_SIZE = 20;
const SORTABLE = [
  { field: "id", label: "adminPurchasing.coupons.id" },
  { field: "code", label: "adminPurchasing.coupons.code" },
  { field: "quantity", label: "adminPurchasing.coupons.uses" },
  { field: "discount", label: "adminPurchasing.coupons.discount" },
] as const;

/**
 * /gerencia/cupom: the coupons, searched by code (`query` in the URL, kept with the page and order),
 * sortable, paged with 5 buttons; each row's badge turns the coupon on or off, and its links open it,
 * its form and the delete confirmation.
 */
export const CouponsPage = () => {
  const { t } = useTranslation();
  const params = useListParams("id");
  const query = params.get("query");
  const list = useResource(() => getCoupons(query, params.apiQuery(COUPON_PAGE_SIZE)), params.key);
  const toggle = useMutation(async (coupon: CouponView) => {
    await toggleCoupon(coupon);
    list.reload();
  });
  const order = (column: string) => (params.field === column ? params.order : undefined);

  return (
    <section>
      <ListHeading title={t("adminPurchasing.coupons.title")} createLabel={t("adminPurchasing.coupons.create")} />
      <SearchBox
        label={t("adminPurchasing.coupons.search")}
        searchLabel={t("adminPurchasing.coupons.searchButton")}
        clearLabel={t("adminPurchasing.coupons.clear")}
        text={query}
        onSearch={(text) => params.filter({ query: text.trim() })}
      />
      {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
      <ListTable
        list={list}
        empty={t("adminPurchasing.coupons.empty")}
        count={(total) => t("adminPurchasing.coupons.count", { count: total })}
        columns={
          <>
            {SORTABLE.map(({ field, label }) => (
              <SortableHeader key={field} label={t(label)} order={order(field)} onSort={() => params.sortBy(field)} />
            ))}
            <th>{t("adminPurchasing.coupons.itemPackage")}</th>
            <th>{t("adminPurchasing.coupons.student")}</th>
            <SortableHeader
              label={t("adminPurchasing.coupons.active")}
              order={order("active")}
              onSort={() => params.sortBy("active")}
            />
            <th />
          </>
        }
        row={(coupon) => (
          <tr key={coupon.id}>
            <td>{coupon.id}</td>
            <td>{coupon.code}</td>
            <td>{usesText(t, coupon)}</td>
            <td>{discountText(coupon)}</td>
            <td>{packageText(t, coupon)}</td>
            <td>{studentText(t, coupon)}</td>
            <td>
              <ActivationBadge
                activated={coupon.active}
                disabled={toggle.status === "running"}
                onToggle={() => toggle.run(coupon)}
                labels={{ on: "adminPurchasing.active", off: "adminPurchasing.inactive" }}
              />
            </td>
            <td>
              <RowActions id={coupon.id} />
            </td>
          </tr>
        )}
        paging={{ params, pageSize: COUPON_PAGE_SIZE }}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
