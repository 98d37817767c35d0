import { useTranslation } from "react-i18next";
import { AreaLayout } from "../../components/area/area-layout";
import { useSession } from "../../lib/session/session-provider";
import { LiveFeedProvider } from "../../lib/socket";
import "./teacher.css";

const TeacherLayout = () => {
  const { t } = useTranslation();
  const { account } = useSession();
  return (
    <AreaLayout
      title={t("teacher.title")}
      summary={
        account?.firstName && <span className="area-pill">{t("teacher.hello", { name: account.firstName })}</span>
      }
      menu={[
        { to: "/teacher", label: t("teacher.menu.lessons"), end: true },
        { to: "/teacher/aceitar-aulas", label: t("teacher.menu.accept") },
        { to: "/teacher/trilhas", label: t("teacher.menu.trails") },
        { to: "/teacher/financeiro", label: t("teacher.menu.finance") },
        { to: "/teacher/perfil", label: t("teacher.menu.profile") },
      ]}
    />
  );
};

/** The teacher's area, connected to the live feed for as long as it is open. */
export const TeacherArea = () => (
  <LiveFeedProvider>
    <TeacherLayout />
  </LiveFeedProvider>
);
