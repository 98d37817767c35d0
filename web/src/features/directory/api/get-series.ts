import { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/lesson-series`: the student's own weekly series. */
export const getSeries = async () => z.array(LessonSeriesView).parse(await api.get<unknown>("api/lesson-series"));
