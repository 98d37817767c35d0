import { Objective } from "@el/domain/accounts/account";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { z } from "zod";

/** What the lesson routes answer (spec section 3), checked by fastify's serializer on the way out. */

const person = z.object({ id: z.number(), firstName: z.string(), lastName: z.string().nullable() });

export const SchedulingResponse = z.object({
  id: z.number(),
  date: z.string(),
  objective: z.string(),
  trail: z.object({ id: z.number(), number: z.number(), title: z.string(), level: z.number() }),
  level: z.object({ id: z.number(), name: z.string() }),
  student: person,
  lesson: z.object({ id: z.number(), meetUrl: z.string(), teacher: person }).nullable(),
  createdDate: z.string(),
});

export const LessonViewResponse = z.object({
  id: z.number(),
  lessonId: z.number().nullable(),
  title: z.string(),
  trail: z.string(),
  trailObj: z.object({ id: z.number(), number: z.number(), title: z.string(), level: z.number() }),
  level: z.object({ id: z.number(), name: z.string() }),
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(["Pendente", "Aceito"]),
  remuneration: z.number(),
  teacherFromLesson: z.string(),
  teacher: z.object({ id: z.number(), name: z.string() }).nullable(),
  meetUrl: z.string().nullable(),
  student: z.string(),
  studentObject: z.object({ firstName: z.string(), lastName: z.string().nullable() }),
  objective: z.string(),
  studentFeedbackId: z.number().nullable(),
  teacherFeedbackId: z.number().nullable(),
  createdDate: z.string(),
});

export const FinanceMonthResponse = z.object({
  year: z.number(),
  month: z.number(),
  totalLessons: z.number(),
  value: z.number(),
  valueCents: z.number(),
  status: z.enum(["paid", "pending"]),
});

const required = { error: lessonErrors.required };

const hasId = (value: unknown) => {
  if (typeof value !== "object" || value === null || !("id" in value)) return false;
  const { id } = value;
  return id !== null && id !== undefined && String(id).trim() !== "";
};

/**
 * The form names the field `trail`, so a trail left out (absent, null, `{}`, a blank select) is reported
 * there with the spec's required text, not as a type error on `trail.id` the form has no place for.
 */
const ChosenTrail = z.preprocess(
  (value) => (hasId(value) ? value : undefined),
  z.object({ id: z.coerce.number().int() }, required),
);

export const ScheduleLessonBody = z.object({
  trail: ChosenTrail,
  /** The level chosen first in the form; the trail must belong to it. */
  level: z.object({ id: z.coerce.number().int() }).nullish(),
  /**
   * ISO 8601 with offset: the form's date and time fields, combined by the browser. Anything that is not
   * such an instant means the date was not filled, as the decider also reads an unparseable one.
   */
  date: z.iso.datetime({ offset: true, ...required }),
  objective: Objective.default("PROFESSIONAL"),
});

export const StudentFeedbackBody = z.object({
  lessonId: z.coerce.number().int(),
  /** Absent or null when the student skips the rating (a skipped prompt sends neither). */
  note: z.number().int().nullish(),
  information: z.string().max(4000).nullish(),
});

export const TeacherFeedbackBody = z.object({
  lessonId: z.coerce.number().int(),
  /** The teacher closed the prompt: stores an empty report so it is not asked again. */
  skipped: z.boolean().default(false),
  status: z.number().int().nullish(),
  note: z.number().int().nullish(),
  information: z.string().max(4000).nullish(),
  sugestions: z.string().max(4000).nullish(),
  productSugestions: z.string().max(4000).nullish(),
  studentInformation: z.string().max(4000).nullish(),
  partialyHeld: z.string().max(4000).nullish(),
});

export const LessonPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(5),
  sort: z.string().optional(),
  period: z.enum(["today", "upcoming", "finished"]).optional(),
});

export const IdParams = z.object({ id: z.coerce.number().int() });
