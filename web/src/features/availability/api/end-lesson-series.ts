import { api } from "../../../lib/api";

/**
 * `POST /api/lesson-series/{id}/end` (administrators): no new lessons; those already created stay. The
 * answer's alert ("Série encerrada.") is the toast.
 */
export const endLessonSeries = (seriesId: number) => api.post<unknown>(`api/lesson-series/${seriesId}/end`);
