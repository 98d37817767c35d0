import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import type { PackageLine } from "@el/domain/purchasing/purchase-views";
import { useTranslation } from "react-i18next";
import {
  formatPercent,
  formatReais,
  pricePerLesson,
  savingsPercent,
  tierOf,
} from "../../../lib/pricing/package-pricing";
import { MAX_QUANTITY } from "../checkout/checkout.machine";

/** The packs on sale, each with its counter; a locked cart shows the counters without letting them move. */
export const PackageCards = ({
  packages,
  cart,
  locked,
  onAdd,
  onRemove,
}: {
  packages: readonly ItemPackageView[];
  cart: readonly PackageLine[];
  locked: boolean;
  onAdd: (packageId: number) => void;
  onRemove: (packageId: number) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="package-cards">
      {packages.map((pack) => {
        const quantity = cart.find((line) => line.id === pack.id)?.quantity ?? 0;
        const savings = savingsPercent(pack, packages);
        return (
          <article
            key={pack.id}
            className={`package-card package-card-${tierOf(pack.amount)}${quantity > 0 ? " package-card-chosen" : ""}`}
            aria-label={t("purchasing.packages.label", { count: pack.amount })}
          >
            <h3>
              <span className="package-card-amount">{pack.amount}</span>{" "}
              {t("purchasing.packages.lessonWord", { count: pack.amount })}
            </h3>
            <p className="package-card-value">{formatReais(pack.value)}</p>
            <p className="package-card-per-lesson">
              {t("purchasing.packages.perLesson", { price: formatReais(pricePerLesson(pack)) })}
            </p>
            {savings > 0 && (
              <p className="package-card-savings">
                {t("purchasing.packages.savings", { percent: formatPercent(savings) })}
              </p>
            )}
            <div className="package-counter">
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={t("purchasing.packages.remove", { count: pack.amount })}
                disabled={locked || quantity === 0}
                onClick={() => onRemove(pack.id)}
              >
                −
              </button>
              <output aria-label={t("purchasing.packages.quantity")} aria-live="polite">
                {quantity}
              </output>
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={t("purchasing.packages.add", { count: pack.amount })}
                disabled={locked || quantity >= MAX_QUANTITY}
                onClick={() => onAdd(pack.id)}
              >
                +
              </button>
            </div>
          </article>
        );
      })}
    </div>
  );
};
