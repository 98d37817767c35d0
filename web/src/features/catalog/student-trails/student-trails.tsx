import { TrailsByLevel } from "../../../components/trails/trails-by-level";
import { useStudent } from "../../../lib/session/student-context";

/** Trilhas de Ensino, opened on the student's own level. */
export const StudentTrails = () => <TrailsByLevel initialLevelId={useStudent().levelId} />;
