import { OfflineBanner } from "../../components/status/offline-banner";
import { DirectoryHomeBlocks } from "../../features/directory/student-home/directory-home-blocks";
import { StudentHome } from "../../features/lessons/student-home/student-home";

/** The student's home: whether it shows saved data offline, a paused weekly series and the favourite teachers above the lessons and the scheduling form. */
export const StudentHomePage = () => (
  <>
    <OfflineBanner />
    <DirectoryHomeBlocks />
    <StudentHome />
  </>
);
