import { useTranslation } from "react-i18next";
import { LiveFeedProvider } from "../../lib/socket";
import { BuyLessonsPage } from "./buy/buy-lessons-page";

/** `/checkout`: the purchase flow for a deep link, outside the student area, with the purchase's pushes. */
export const CheckoutPage = () => {
  const { t } = useTranslation();
  return (
    <LiveFeedProvider>
      <div className="page">
        <h1>{t("purchasing.title")}</h1>
        <BuyLessonsPage />
      </div>
    </LiveFeedProvider>
  );
};
