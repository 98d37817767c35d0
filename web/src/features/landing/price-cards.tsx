import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { formatPercent, formatReais, pricePerLesson, savingsPercent, tierOf } from "../../lib/pricing/package-pricing";
import { hasAnyAuthority } from "../../lib/session/account";
import { useSession } from "../../lib/session/session-provider";
import { useResource } from "../../lib/use-resource";
import { fetchItemPackages, periodLabelKey } from "./package-pricing";

/** A signed-in student buys the pack at once; anyone else signs up first (and gets the free trial lesson). */
const useStartHref = () => {
  const { state, account } = useSession();
  return state === "authenticated" && hasAnyAuthority(account, ["ROLE_STUDENT"])
    ? "/student/contratar-aulas"
    : "/registro/aluno";
};

export const PriceCard = ({ pack, all }: { pack: ItemPackageView; all: readonly ItemPackageView[] }) => {
  const { t } = useTranslation();
  const savings = savingsPercent(pack, all);
  const period = periodLabelKey(pack.amount);
  const startHref = useStartHref();
  return (
    <article
      className={`price-card price-card-${tierOf(pack.amount)}`}
      aria-label={t("landing.prices.lessons", { count: pack.amount })}
    >
      {period && <span className="price-card-period">{t(period)}</span>}
      <h3>
        <span className="price-card-amount">{pack.amount}</span>{" "}
        {t("landing.prices.lessonWord", { count: pack.amount })}
      </h3>
      <p className="price-card-value">{formatReais(pack.value)}</p>
      <p className="price-card-per-lesson">
        {t("landing.prices.perLesson", { price: formatReais(pricePerLesson(pack)) })}
      </p>
      {savings > 0 ? (
        <p className="price-card-savings">{t("landing.prices.savings", { percent: formatPercent(savings) })}</p>
      ) : (
        <p className="price-card-savings price-card-savings-none">{t("landing.prices.noCommitment")}</p>
      )}
      <Link className="btn btn-primary" to={startHref}>
        {t("landing.prices.choose")}
      </Link>
    </article>
  );
};

/** The lesson packs on sale, from `api/item-packages`. */
export const PriceCards = () => {
  const { t } = useTranslation();
  const packages = useResource(fetchItemPackages, "item-packages");
  if (packages.status === "loading") return <Loading />;
  if (packages.status === "failed") return <ErrorAlert error={packages.error} />;
  if (packages.data.length === 0) return <p className="landing-muted">{t("landing.prices.none")}</p>;
  return (
    <div className="price-cards">
      {packages.data.map((pack) => (
        <PriceCard key={pack.id} pack={pack} all={packages.data} />
      ))}
    </div>
  );
};
