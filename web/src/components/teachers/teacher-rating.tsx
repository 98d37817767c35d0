import type { TeacherProfileView } from "@el/domain/accounts/teacher-profile";
import { useTranslation } from "react-i18next";
import { formatAverage } from "../../lib/teachers/teacher-profile";
import "./teachers.css";

/** "★ 4,5 · 12 avaliações", or that no student rated the teacher yet. */
export const TeacherRating = ({ rating }: { rating: TeacherProfileView["rating"] }) => {
  const { t, i18n } = useTranslation();
  if (rating.average === null)
    return <span className="teacher-rating teacher-rating-none">{t("teacherProfile.noRatings")}</span>;
  const average = formatAverage(rating.average, i18n.language);
  return (
    <span className="teacher-rating" title={t("teacherProfile.ratingTitle", { average, count: rating.count })}>
      <span aria-hidden="true">★ </span>
      {t("teacherProfile.rating", { average, count: rating.count })}
    </span>
  );
};
