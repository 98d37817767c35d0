import { useTranslation } from "react-i18next";
import { AreaLayout } from "../../components/area/area-layout";
import { BookedLessonToasts } from "../../features/availability/requests/booked-lesson-toasts";
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
        { to: "/teacher/disponibilidade", label: t("teacher.menu.availability") },
        { to: "/teacher/trilhas", label: t("teacher.menu.trails") },
        { to: "/teacher/financeiro", label: t("teacher.menu.finance") },
        { to: "/teacher/relatos", label: t("disputes.mine") },
        { to: "/teacher/perfil", label: t("teacher.menu.profile") },
      ]}
    />
  );
};

/** The teacher's area, connected to the live feed for as long as it is open, telling of lessons booked with them. */
export const TeacherArea = () => (
  <LiveFeedProvider>
    <BookedLessonToasts />
    <TeacherLayout />
  </LiveFeedProvider>
);
