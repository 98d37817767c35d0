import { useTranslation } from "react-i18next";
import { BuyLessonsPage } from "./buy/buy-lessons-page";

/** `/checkout`: the purchase flow for a deep link, outside the student area's menu. */
export const CheckoutPage = () => {
  const { t } = useTranslation();
  return (
    <main className="page">
      <h1>{t("purchasing.title")}</h1>
      <BuyLessonsPage />
    </main>
  );
};
