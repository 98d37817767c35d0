import type { LessonRequestBody } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `POST api/teachers/{id}/requests`: a lesson offered to that teacher alone, outside their free starts. */
export const requestTeacher = (teacherId: number, body: LessonRequestBody, idempotencyKey: string) =>
  api.post<unknown>(`api/teachers/${teacherId}/requests`, body, { successAlert: false, idempotencyKey });
