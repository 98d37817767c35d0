import type { TeacherReview } from "@el/domain/directory/directory-contracts";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/lessons/lesson-time";

/** The students' written comments, newest first as the server sends them; a hidden one (administrators only) says so. */
export const TeacherReviews = ({ reviews }: { reviews: readonly TeacherReview[] }) => {
  const { t } = useTranslation();
  return (
    <section className="card directory-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("directory.reviews.title")}</h2>
      {reviews.length === 0 ? (
        <p>{t("directory.reviews.none")}</p>
      ) : (
        <ul>
          {reviews.map((review) => (
            <li key={review.id} className="directory-review">
              <p className="directory-review-head">
                <strong>{review.studentName}</strong>
                {review.note !== null && (
                  <span className="teacher-rating" title={t("directory.reviews.note", { note: review.note })}>
                    {" "}
                    <span aria-hidden="true">{"★".repeat(review.note)}</span>
                    <span className="directory-visually-hidden">
                      {t("directory.reviews.note", { note: review.note })}
                    </span>
                  </span>
                )}{" "}
                <span className="directory-hint">{formatDay(review.at)}</span>
                {review.hidden && <span className="directory-badge">{t("directory.reviews.hidden")}</span>}
              </p>
              <p className="directory-review-comment">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
