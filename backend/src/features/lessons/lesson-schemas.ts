import { Objective } from "@el/domain/accounts/account";
import { lessonErrors } from "@el/domain/lessons/lesson";
import {
  ClaimedLessonView,
  FinanceMonthView,
  LessonPage,
  LessonPeriod,
  SchedulingView,
} from "@el/domain/lessons/scheduling-view";
import { z } from "zod";

/**
 * What the lesson routes answer (spec section 3), declared once in domain for the backend, the projections
 * and the web app; fastify's serializer checks every answer against them on the way out.
 */
export const SchedulingResponse = SchedulingView;
export const LessonPageResponse = LessonPage;
export const ClaimedLessonResponse = ClaimedLessonView;
export const FinanceMonthResponse = FinanceMonthView;

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
  period: LessonPeriod.optional(),
});

export const IdParams = z.object({ id: z.coerce.number().int() });
