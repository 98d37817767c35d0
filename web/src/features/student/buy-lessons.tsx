import { useTranslation } from "react-i18next";

/** Contratar aulas: the purchase flow arrives with the purchases issue. */
export const BuyLessons = () => {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t("student.menu.buy")}>
      <p className="alert alert-info">{t("student.buy.soon")}</p>
    </section>
  );
};
