import type { LessonSeriesBody } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `POST api/lesson-series`: the same teacher every week at the chosen start's weekday and time. */
export const createSeries = (body: LessonSeriesBody, idempotencyKey: string) =>
  api.post<unknown>("api/lesson-series", body, { successAlert: false, idempotencyKey });
