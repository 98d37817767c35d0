import { useTranslation } from "react-i18next";
import { AreaLayout } from "../../components/area/area-layout";

/** /admin's own menu: its two pages and the way back to /gerencia. */
export const AdminToolsLayout = () => {
  const { t } = useTranslation();
  return (
    <AreaLayout
      title={t("adminTools.title")}
      menu={[
        { to: "/admin", label: t("adminTools.menu.administration"), end: true },
        { to: "/admin/docs", label: t("adminTools.menu.apiDocs") },
        { to: "/gerencia", label: t("adminTools.menu.gerencia") },
      ]}
    />
  );
};
