import { api } from "../../../lib/api";

/** `DELETE api/lesson-series/{id}`: cancels the series and its lessons not yet within 24 hours. */
export const cancelSeries = (seriesId: number) =>
  api.delete<unknown>(`api/lesson-series/${seriesId}`, { successAlert: false });
