import { useTranslation } from "react-i18next";

export type UpcomingPage = "calendar";

export const ComingSoon = ({ what }: { what: UpcomingPage }) => {
  const { t } = useTranslation();
  return (
    <main className="alert alert-info" role="status">
      {t("placeholder.comingSoon", { what: t(`upcoming.${what}`) })}
    </main>
  );
};
