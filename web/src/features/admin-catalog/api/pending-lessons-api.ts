import { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/schedulings/withoutLesson`: lessons scheduled that no teacher has claimed yet, past ones included. */
export const getPendingLessons = async () =>
  z.array(PendingLessonView).parse(await api.get("api/schedulings/withoutLesson"));
