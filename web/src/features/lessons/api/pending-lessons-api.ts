import { LessonControlView } from "@el/domain/lessons/lesson-control-view";
import { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/schedulings/withoutLesson`: lessons scheduled that no teacher has claimed yet, past ones included. */
export const getPendingLessons = async () =>
  z.array(PendingLessonView).parse(await api.get("api/schedulings/withoutLesson"));

/** `GET api/lessons/{id}`: one lesson as the back office sees it (the scheduling's detail). */
export const getScheduling = async (id: number) => LessonControlView.parse(await api.get(`api/lessons/${id}`));

/** `DELETE api/lessons/{id}`: cancels the lesson and gives the student's credit back. */
export const deleteScheduling = async (id: number) => api.delete(`api/lessons/${id}`);
