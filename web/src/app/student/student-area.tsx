import { useTranslation } from "react-i18next";
import { AreaLayout } from "../../components/area/area-layout";
import { RequestAnswers } from "../../features/directory/student-home/request-answers";
import { fetchLevels } from "../../lib/catalog/catalog-api";
import { StudentProvider } from "../../lib/session/student-context";
import { LiveFeedProvider } from "../../lib/socket";
import { useResource } from "../../lib/use-resource";
import { StudentSummary } from "./student-summary";
import "./student.css";

const StudentLayout = () => {
  const { t } = useTranslation();
  const levels = useResource(fetchLevels, "levels");
  return (
    <AreaLayout
      title={t("student.title")}
      summary={<StudentSummary levels={levels.status === "ready" ? levels.data : []} />}
      menu={[
        { to: "/student", label: t("student.menu.home"), end: true },
        { to: "/student/perfil", label: t("student.menu.profile") },
        { to: "/student/trilhas", label: t("student.menu.trails") },
        { to: "/student/aulas-semanais", label: t("directory.menu.series") },
        { to: "/student/progresso", label: t("lessonReports.menu.progress") },
        { to: "/student/relatos", label: t("disputes.mine") },
        { to: "/student/teste-de-nivel", label: t("student.menu.placement") },
        { to: "/student/contratar-aulas", label: t("student.menu.buy") },
      ]}
    />
  );
};

/** The student's area, connected to the live feed for as long as it is open; the answers to their lesson requests are told on any of its pages. */
export const StudentArea = () => (
  <LiveFeedProvider>
    <StudentProvider>
      <RequestAnswers />
      <StudentLayout />
    </StudentProvider>
  </LiveFeedProvider>
);
