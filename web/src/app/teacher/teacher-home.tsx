import { OfflineBanner } from "../../components/status/offline-banner";
import { LessonRequestsPanel } from "../../features/availability/requests/lesson-requests-panel";
import { TeacherLessons } from "../../features/lessons/teacher-lessons/teacher-lessons";

/** /teacher: the lessons students asked of this teacher alone come first, then the teacher's lessons. */
export const TeacherHome = () => (
  <>
    <OfflineBanner />
    <LessonRequestsPanel />
    <TeacherLessons />
  </>
);
