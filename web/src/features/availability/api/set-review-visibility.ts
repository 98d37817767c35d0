import type { ReviewVisibilityBody } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `PUT /api/teachers/{id}/reviews/{reviewId}/visibility` (administrators): hides or shows a comment. */
export const setReviewVisibility = (teacherId: number, reviewId: number, hidden: boolean) =>
  api.put<unknown>(
    `api/teachers/${teacherId}/reviews/${reviewId}/visibility`,
    { hidden } satisfies ReviewVisibilityBody,
    {
      successAlert: hidden ? "availability.reviews.hidden" : "availability.reviews.shown",
    },
  );
