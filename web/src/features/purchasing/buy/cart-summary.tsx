import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import type { PackageLine } from "@el/domain/purchasing/purchase-views";
import { useTranslation } from "react-i18next";
import { formatReais } from "../../../lib/pricing/package-pricing";

/** The cart's lines priced from the packs on sale; reais, to the centavo. */
export const priceCart = (cart: readonly PackageLine[], packages: readonly ItemPackageView[]) => {
  const lines = cart.flatMap((line) => {
    const pack = packages.find((candidate) => candidate.id === line.id);
    return pack ? [{ pack, quantity: line.quantity, total: Math.round(pack.value * line.quantity * 100) / 100 }] : [];
  });
  return {
    lines,
    credits: lines.reduce((sum, line) => sum + line.pack.amount * line.quantity, 0),
    total: Math.round(lines.reduce((sum, line) => sum + line.total * 100, 0)) / 100,
  };
};

/** What the cart holds and costs; with a coupon, its discount and the total the server validated. */
export const CartSummary = ({
  cart,
  packages,
  coupon,
}: {
  cart: readonly PackageLine[];
  packages: readonly ItemPackageView[];
  coupon: CouponValidationView | null;
}) => {
  const { t } = useTranslation();
  const priced = priceCart(cart, packages);
  if (priced.lines.length === 0) return <p className="cart-empty">{t("purchasing.cart.empty")}</p>;
  return (
    <dl className="cart-lines" data-testid="cart-summary">
      {priced.lines.map((line) => (
        <div key={line.pack.id} className="cart-line">
          <dt>{t("purchasing.cart.line", { quantity: line.quantity, count: line.pack.amount })}</dt>
          <dd>{formatReais(line.total)}</dd>
        </div>
      ))}
      <div className="cart-line cart-credits">
        <dt>{t("purchasing.cart.credits", { count: priced.credits })}</dt>
        <dd />
      </div>
      {coupon && (
        <>
          <div className="cart-line">
            <dt>{t("purchasing.cart.subtotal")}</dt>
            <dd>{formatReais(coupon.listPrice)}</dd>
          </div>
          <div className="cart-line cart-discount">
            <dt>{t("purchasing.cart.discount", { code: coupon.code })}</dt>
            <dd>− {formatReais(coupon.discountValue)}</dd>
          </div>
        </>
      )}
      <div className="cart-line cart-total">
        <dt>{t("purchasing.cart.total")}</dt>
        <dd data-testid="cart-total">{formatReais(coupon ? coupon.total : priced.total)}</dd>
      </div>
    </dl>
  );
};
