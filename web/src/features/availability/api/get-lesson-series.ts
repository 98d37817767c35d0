import { LessonSeriesStatus, LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET /api/lesson-series?status=…`: every series, for administrators; only those of `status` when given. */
export const fetchLessonSeries = async (status: LessonSeriesStatus | undefined): Promise<LessonSeriesView[]> => {
  const series = z.array(LessonSeriesView).parse(await api.get<unknown>("api/lesson-series", { status }));
  // Filtered here as well, so the list shows what the filter says whatever the server made of it.
  return status === undefined ? series : series.filter((one) => one.status === status);
};

export const seriesStatuses = LessonSeriesStatus.options;
