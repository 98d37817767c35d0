import type { TeacherRatingsSummary } from "@el/domain/accounts/teacher-profile";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { formatDecimal } from "../../lib/decimal-format";
import { useResource } from "../../lib/use-resource";
import "./teacher-ratings.css";

const isSummary = (body: unknown): body is TeacherRatingsSummary => {
  const summary = body as Partial<TeacherRatingsSummary> | null;
  return (
    typeof summary?.ratings === "number" &&
    typeof summary.teachers === "number" &&
    (summary.average === null || typeof summary.average === "number")
  );
};

/** `GET api/teachers/ratings`, checked by hand: zod would weigh more than the landing page's budget allows. */
const fetchTeacherRatings = async () => {
  const body = await api.get<unknown>("api/teachers/ratings");
  if (!isSummary(body)) throw new Error("api/teachers/ratings answered something else");
  return body;
};

/**
 * "Avaliados pelos alunos", with the real figures: the average of every note students gave and how many.
 * A figure that adds to the page, so while it loads, if it fails, or before the first rating, the page
 * simply goes without it.
 */
export const TeacherRatings = () => {
  const { t, i18n } = useTranslation();
  const summary = useResource(fetchTeacherRatings, "teacher-ratings");
  if (summary.status !== "ready" || summary.data.average === null || summary.data.ratings === 0) return null;
  const average = formatDecimal(summary.data.average, i18n.language === "en" ? "en-US" : "pt-BR", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <p className="landing-ratings">
      <span aria-hidden="true">★ </span>
      {t("landing.teachers.ratings", { average, count: summary.data.ratings, teachers: summary.data.teachers })}
    </p>
  );
};
