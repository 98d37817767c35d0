import { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { z } from "zod";
import { api } from "../../../lib/api";

/** A lesson waiting for a teacher, as the board shows it (the same shape `lesson:pending` pushes). */
export type PendingLesson = PendingLessonView;

/** Lessons still ahead that no teacher claimed yet, soonest first. */
export const fetchPendingLessons = async (): Promise<PendingLesson[]> =>
  z.array(PendingLessonView).parse(await api.get("api/schedulings/withoutLesson/fromNow"));

/** Claims the lesson: the teacher gets it with its video link; a 409 says another teacher was faster. */
export const claimLesson = (schedulingId: number) =>
  // The board shows the claimed lesson in its own notice; a toast would say it twice.
  api.post<{ id: number; meetUrl: string }>("api/lessons", { schedulingId }, { successAlert: false });
