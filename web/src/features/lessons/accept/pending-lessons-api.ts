import { type ClaimedLessonView, PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { z } from "zod";
import { api } from "../../../lib/api";

/** Lessons still ahead that no teacher claimed yet, soonest first. */
export const fetchPendingLessons = async (): Promise<PendingLessonView[]> =>
  z.array(PendingLessonView).parse(await api.get("api/schedulings/withoutLesson/fromNow"));

/** Claims the lesson: the teacher gets it with its video link; a 409 says another teacher was faster. */
export const claimLesson = (lessonId: number) =>
  // The board shows the claimed lesson in its own notice; a toast would say it twice. The API names the
  // lesson by its scheduling's id, the same number.
  api.post<ClaimedLessonView>("api/lessons", { schedulingId: lessonId }, { successAlert: false });
