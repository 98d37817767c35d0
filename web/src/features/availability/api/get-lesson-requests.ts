import { LessonRequestView } from "@el/domain/directory/directory-contracts";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET /api/lesson-requests`: for a teacher, the lessons students asked of them alone. */
export const fetchLessonRequests = async (): Promise<LessonRequestView[]> =>
  z.array(LessonRequestView).parse(await api.get<unknown>("api/lesson-requests"));
