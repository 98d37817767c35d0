import { useTranslation } from "react-i18next";
import { AvailabilityEditor } from "./availability-editor";

/** /teacher/disponibilidade: when the signed-in teacher may be booked, and their dates off. */
export const OwnAvailabilityPage = () => {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="own-availability-title">
      <h2 id="own-availability-title">{t("availability.title")}</h2>
      <p>{t("availability.intro")}</p>
      <AvailabilityEditor owner="me" />
    </section>
  );
};
