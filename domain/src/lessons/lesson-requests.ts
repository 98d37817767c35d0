import { z } from "zod";
import { Objective } from "../accounts/account";
import { FromReplay } from "../audit/audit-requests";
import { pagingQuery } from "../shared/page-query";
import { BOARD_DEFAULT_DAYS, BOARD_MAX_DAYS } from "./board-view";
import { FEEDBACK_SORT_FIELDS } from "./feedback-view";
import { lessonErrors } from "./lesson";
import { LessonControlFilters } from "./lesson-control-view";
import { LessonHistoryFilters } from "./lesson-history-view";
import { LessonPeriod } from "./scheduling-view";

const required = { error: lessonErrors.required };

const hasId = (value: unknown) => {
  if (typeof value !== "object" || value === null || !("id" in value)) return false;
  const { id } = value;
  return id !== null && id !== undefined && String(id).trim() !== "";
};

/** A lesson named in the path (`/api/schedulings/{id}`, `/api/lessons/{id}`). */
export const LessonIdParams = z.object({ id: z.coerce.number().int().positive() });
export type LessonIdParams = z.input<typeof LessonIdParams>;

/** A record named in the path whose id must be positive (a feedback, a lesson in the history). */
export const PositiveIdParams = z.object({ id: z.coerce.number().int().positive() });
export type PositiveIdParams = z.input<typeof PositiveIdParams>;

/**
 * The form names the field `trail`, so a trail left out (absent, null, `{}`, a blank select) is reported
 * there with the spec's required text, not as a type error on `trail.id` the form has no place for.
 */
const ChosenTrail = z.preprocess(
  (value) => (hasId(value) ? value : undefined),
  z.object({ id: z.coerce.number().int() }, required),
);

/** `POST /api/schedulings`: a student asks for a lesson, spending a credit. */
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
export type ScheduleLessonBody = z.input<typeof ScheduleLessonBody>;

/** `PUT /api/schedulings/claim`: a teacher claims a pending lesson. */
export const ClaimLessonBody = z.object({ schedulingId: z.coerce.number().int() });
export type ClaimLessonBody = z.input<typeof ClaimLessonBody>;

/** `GET /api/schedulings/…`: one page of a person's lessons. */
export const LessonPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(5),
  sort: z.string().optional(),
  period: LessonPeriod.optional(),
});
export type LessonPageQuery = z.input<typeof LessonPageQuery>;

/** `GET /api/lessons/teacher/{login}`: a teacher's finance by month. */
export const TeacherFinanceParams = z.object({ login: z.string() });
export type TeacherFinanceParams = z.input<typeof TeacherFinanceParams>;

/** `POST /api/student-feedbacks`. */
export const StudentFeedbackBody = z.object({
  lessonId: z.coerce.number().int(),
  /** Absent or null when the student skips the rating (a skipped prompt sends neither). */
  note: z.number().int().nullish(),
  information: z.string().max(4000).nullish(),
});
export type StudentFeedbackBody = z.input<typeof StudentFeedbackBody>;

/** `POST /api/teacher-feedbacks`. */
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
export type TeacherFeedbackBody = z.input<typeof TeacherFeedbackBody>;

const text = z.string().max(4000);

/** `PUT /api/student-feedbacks/{id}`: an administrator's revision of a student's feedback. */
export const StudentFeedbackRevision = z.object({
  id: z.coerce.number().int().positive().nullish(),
  note: z.number().int().nullish(),
  information: text.nullish(),
});
export type StudentFeedbackRevision = z.input<typeof StudentFeedbackRevision>;

/** `PUT /api/teacher-feedbacks/{id}`: an administrator's revision of a teacher's report. */
export const TeacherFeedbackRevision = z.object({
  id: z.coerce.number().int().positive().nullish(),
  status: z.number().int().nullish(),
  note: z.number().int().nullish(),
  information: text.nullish(),
  sugestions: text.nullish(),
  productSugestions: text.nullish(),
  studentInformation: text.nullish(),
  partialyHeld: text.nullish(),
});
export type TeacherFeedbackRevision = z.input<typeof TeacherFeedbackRevision>;

/** `{ id }` chosen in a select; left blank (absent, null, `{}`, "") it is reported on the field with the required text. */
const Chosen = z.preprocess(
  (value) => (hasId(value) ? value : undefined),
  z.object({ id: z.coerce.number().int().positive() }, required),
);
/** A teacher is optional: left blank, the lesson waits for one (or keeps the one it has). */
const OptionalChoice = z.preprocess(
  (value) => (hasId(value) ? value : null),
  z.object({ id: z.coerce.number().int().positive() }).nullable(),
);
const Instant = z.iso.datetime({ offset: true, ...required });

/** `POST /api/lessons/admin`, "Criar aula": Aluno, Nível da aula, Trilha, Dia and Hora (merged into `date`), Professor. */
export const NewLessonBody = z.object({
  student: Chosen,
  trail: Chosen,
  level: OptionalChoice.optional(),
  date: Instant,
  teacher: OptionalChoice.optional(),
});
export type NewLessonBody = z.input<typeof NewLessonBody>;

/** `PUT /api/lessons/{id}`: move (`date`) and/or give to a teacher (`teacher`); a blank teacher leaves it as it is. */
export const ChangeLessonBody = z.object({ date: Instant.optional(), teacher: OptionalChoice.optional() });
export type ChangeLessonBody = z.input<typeof ChangeLessonBody>;

/** `GET /api/lessons`'s page beside the lesson-control filters. */
export const LessonControlPaging = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(/^(scheduling\.date|date)(,(asc|desc))?$/, "error.sort")
    .optional(),
});
export type LessonControlPaging = z.input<typeof LessonControlPaging>;

/** `GET /api/lessons`: the lesson-control filters and page, from a replay when asked. */
export const LessonControlListQuery = LessonControlFilters.extend({ ...FromReplay, ...LessonControlPaging.shape });
export type LessonControlListQuery = z.input<typeof LessonControlListQuery>;

/** `GET /api/lessons/totalAmount`: the lesson-control filters' totals, from a replay when asked. */
export const LessonControlTotalsQuery = LessonControlFilters.extend(FromReplay);
export type LessonControlTotalsQuery = z.input<typeof LessonControlTotalsQuery>;

/** `GET /api/lessons/export`: the lesson-control list as a file. */
export const LessonExportQuery = LessonControlFilters.extend({ format: z.enum(["csv", "xlsx"]).default("csv") });
export type LessonExportQuery = z.input<typeof LessonExportQuery>;

/** `GET /api/board`: today and the days after it on the São Paulo calendar. */
export const BoardQuery = z.object({
  days: z.coerce.number().int().min(1).max(BOARD_MAX_DAYS).default(BOARD_DEFAULT_DAYS),
});
export type BoardQuery = z.input<typeof BoardQuery>;

const Year = z.coerce.number<number>().int().min(2000).max(2100);
const Month = z.coerce.number<number>().int().min(1).max(12);
const Login = z.string().trim().min(1).max(254);

/** `GET /api/payments/total`: the lesson's year and month on the São Paulo calendar, as the finance cards count them. */
export const PaymentFilters = z.object({
  teacherId: z.coerce.number<number>().int().optional(),
  year: Year.optional(),
  month: Month.optional(),
});
export type PaymentFilters = z.input<typeof PaymentFilters>;

/** `GET /api/payments`: one page of the payments the filters find. */
export const PaymentListQuery = PaymentFilters.extend({
  page: z.coerce.number<number>().int().min(0).default(0),
  size: z.coerce.number<number>().int().min(1).max(1000).default(20),
});
export type PaymentListQuery = z.input<typeof PaymentListQuery>;

/** A teacher named in the path (`/api/payments/teacher/{login}`). */
export const TeacherLoginParams = z.object({ login: Login });
export type TeacherLoginParams = z.input<typeof TeacherLoginParams>;

/** One month of a teacher's lessons to pay. */
export const TeacherMonthQuery = z.object({ year: Year.optional(), month: Month.optional() });
export type TeacherMonthQuery = z.input<typeof TeacherMonthQuery>;

/** `POST /api/payments`: `{ lesson: { id } }`, or the spec's form naming the teacher too. */
export const LessonPaymentBody = z.object({
  lesson: z.object({ id: z.coerce.number<number>().int().positive() }),
  teacher: z.object({ login: Login }).nullish(),
});
export type LessonPaymentBody = z.input<typeof LessonPaymentBody>;

/** `POST /api/payments/month`: every held lesson of a teacher's month. */
export const MonthPaymentBody = z.object({ teacher: z.object({ login: Login }), year: Year, month: Month });
export type MonthPaymentBody = z.input<typeof MonthPaymentBody>;

/** `DELETE /api/payments/{id}`: the payment, of that teacher's lesson when a login is given. */
export const PaymentIdParams = z.object({ id: z.coerce.number<number>().int().positive() });
export type PaymentIdParams = z.input<typeof PaymentIdParams>;
export const PaymentCancelQuery = z.object({ login: Login.optional() });
export type PaymentCancelQuery = z.input<typeof PaymentCancelQuery>;

/** `GET /api/student-feedbacks`, `GET /api/teacher-feedbacks` and their searches (back office). */
export const FeedbackListQuery = pagingQuery(FEEDBACK_SORT_FIELDS).extend({ query: z.string().max(200).optional() });
export type FeedbackListQuery = z.input<typeof FeedbackListQuery>;

/** What the lesson history may be sorted by. */
export const LESSON_HISTORY_SORT_FIELDS = ["id", "date", "startsAt"] as const;

/** `GET /api/lesson-histories`: ten a page unless asked, with the history screen's filters. */
export const LessonHistoryQuery = pagingQuery(LESSON_HISTORY_SORT_FIELDS, 10).extend(LessonHistoryFilters.shape);
export type LessonHistoryQuery = z.input<typeof LessonHistoryQuery>;
