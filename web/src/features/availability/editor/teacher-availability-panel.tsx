import { useTranslation } from "react-i18next";
import { AvailabilityEditor } from "./availability-editor";

/** The back office's view of a teacher's availability, editable as the teacher edits it. */
export const TeacherAvailabilityPanel = ({ teacherId }: { teacherId: number }) => {
  const { t } = useTranslation();
  return (
    <section className="teacher-availability" aria-labelledby={`teacher-availability-${teacherId}`}>
      <h3 id={`teacher-availability-${teacherId}`}>{t("availability.adminTitle")}</h3>
      <AvailabilityEditor owner={teacherId} heading="h4" />
    </section>
  );
};
