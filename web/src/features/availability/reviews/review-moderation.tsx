import type { TeacherReview } from "@el/domain/directory/directory-contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay } from "../../../lib/lessons/lesson-time";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { fetchTeacherReviews } from "../api/get-teacher-reviews";
import { setReviewVisibility } from "../api/set-review-visibility";
import "../availability.css";

/**
 * The back office's moderation of a teacher's reviews: every comment students wrote, hidden ones marked,
 * each with "Ocultar" (it leaves the public profile) or "Mostrar".
 */
export const ReviewModeration = ({ teacherId }: { teacherId: number }) => {
  const { t } = useTranslation();
  const loaded = useResource(() => fetchTeacherReviews(teacherId), `reviews-${teacherId}`);
  // What the administrator changed since the reviews were read, by review id.
  const [hiddenNow, setHiddenNow] = useState<Record<number, boolean>>({});
  const toggle = useMutation(async (review: TeacherReview) => {
    await setReviewVisibility(teacherId, review.id, !review.hidden);
    setHiddenNow((changed) => ({ ...changed, [review.id]: !review.hidden }));
  });
  const reviews =
    loaded.status === "ready"
      ? loaded.data.map((review) => ({ ...review, hidden: hiddenNow[review.id] ?? review.hidden }))
      : [];

  return (
    <section className="review-moderation" aria-labelledby={`reviews-${teacherId}`}>
      <h3 id={`reviews-${teacherId}`}>{t("availability.reviews.title")}</h3>
      {loaded.status === "loading" && <Loading />}
      {loaded.status === "failed" && <ErrorAlert error={loaded.error} />}
      {loaded.status === "ready" && (
        <>
          {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
          {reviews.length === 0 ? (
            <p role="status">{t("availability.reviews.none")}</p>
          ) : (
            <ul className="review-list">
              {reviews.map((review) => (
                <li key={review.id} className="review-item" data-hidden={review.hidden}>
                  <span>
                    <strong>{review.studentName}</strong> · {formatDay(review.at)} ·{" "}
                    {review.note === null
                      ? t("availability.reviews.noNote")
                      : t("availability.reviews.note", { note: review.note })}{" "}
                    {review.hidden && (
                      <span className="badge badge-muted">{t("availability.reviews.hiddenBadge")}</span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    disabled={toggle.status === "running"}
                    aria-label={t(review.hidden ? "availability.reviews.showOf" : "availability.reviews.hideOf", {
                      student: review.studentName,
                    })}
                    onClick={() => void toggle.run(review)}
                  >
                    {t(review.hidden ? "availability.reviews.show" : "availability.reviews.hide")}
                  </button>
                  <blockquote>{review.comment}</blockquote>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
};
