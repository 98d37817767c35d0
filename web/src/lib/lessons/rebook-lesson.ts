import { RebookAnswer } from "@el/domain/directory/directory-contracts";
import { api } from "../api";

/**
 * `POST api/lessons/{id}/rebook` ("Agendar de novo"): the same teacher at the same weekday and time a
 * week later when free, else the teacher's nearest free starts. The page says the outcome itself.
 */
export const rebookLesson = async (lessonId: number) =>
  RebookAnswer.parse(await api.post<unknown>(`api/lessons/${lessonId}/rebook`, undefined, { successAlert: false }));
