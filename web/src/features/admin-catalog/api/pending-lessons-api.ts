import { z } from "zod";
import { api } from "../../../lib/api";

const Person = z.object({ id: z.number(), firstName: z.string(), lastName: z.string().nullable() });

export const PendingScheduling = z.object({
  id: z.number(),
  date: z.string(),
  objective: z.string(),
  trail: z.object({ id: z.number(), number: z.number(), title: z.string() }),
  level: z.object({ id: z.number(), name: z.string() }),
  student: Person,
});
export type PendingScheduling = z.infer<typeof PendingScheduling>;

/** `GET api/schedulings/withoutLesson`: lessons scheduled that no teacher has claimed yet, past ones included. */
export const getPendingLessons = async () =>
  z.array(PendingScheduling).parse(await api.get("api/schedulings/withoutLesson"));
