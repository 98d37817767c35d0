import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { useResource } from "../../lib/use-resource";
import { getCoupon } from "./api/get-coupon";
import { discountText, packageText, studentText } from "./coupon-texts";

/** /gerencia/cupom/{id}: one coupon, read-only, with its edit button. */
export const CouponDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const coupon = useResource(() => getCoupon(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminPurchasing.coupons.detail")} [<b>{coupon.status === "ready" ? coupon.data.code : id}</b>]
      </h2>
      {coupon.status === "loading" && <Loading />}
      {coupon.status === "failed" && <ErrorAlert error={coupon.error} />}
      {coupon.status === "ready" && (
        <dl className="details">
          <dt>{t("adminPurchasing.coupons.id")}</dt>
          <dd>{coupon.data.id}</dd>
          <dt>{t("adminPurchasing.coupons.code")}</dt>
          <dd>{coupon.data.code}</dd>
          <dt>{t("adminPurchasing.coupons.quantity")}</dt>
          <dd>{coupon.data.quantity}</dd>
          <dt>{t("adminPurchasing.coupons.used")}</dt>
          <dd>{coupon.data.used}</dd>
          <dt>{t("adminPurchasing.coupons.discountKind")}</dt>
          <dd>{t(coupon.data.percentual ? "adminPurchasing.coupons.percent" : "adminPurchasing.coupons.fixed")}</dd>
          <dt>{t("adminPurchasing.coupons.discount")}</dt>
          <dd>{discountText(coupon.data)}</dd>
          <dt>{t("adminPurchasing.coupons.itemPackage")}</dt>
          <dd>{packageText(t, coupon.data)}</dd>
          <dt>{t("adminPurchasing.coupons.student")}</dt>
          <dd>{studentText(t, coupon.data)}</dd>
          <dt>{t("adminPurchasing.coupons.active")}</dt>
          <dd>{t(coupon.data.active ? "adminPurchasing.active" : "adminPurchasing.inactive")}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/cupom${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {coupon.status === "ready" && (
          <Link to={`/gerencia/cupom/${coupon.data.id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
