import { z } from "zod";
import { TeacherLanguage, TeacherSpeciality } from "../accounts/teacher-profile";
import { CATALOG_ID_MAX } from "../catalog/catalog-views";
import { SchedulingView } from "../lessons/scheduling-view";
import { QueryFlag } from "../shared/page-query";
import { TeacherAvailability } from "./availability";

/**
 * Choosing and keeping a teacher: the requests and answers of the teacher directory, a teacher's free
 * slots, direct bookings, requests to one teacher, weekly series and favourites. Declared once, used by
 * the backend's routes and the web app.
 */

const instant = z.iso.datetime({ offset: true });

// ---- Directory ----------------------------------------------------------------------------------------

export const DIRECTORY_SORTS = ["relevance", "rating", "nextFreeSlot"] as const;
export const DIRECTORY_MAX_PAGE_SIZE = 50;

/** `GET /api/teachers`: anyone, signed in or not. `page` is zero-based. */
export const TeacherDirectoryQuery = z.object({
  q: z.string().trim().max(100).optional(),
  speciality: TeacherSpeciality.optional(),
  language: TeacherLanguage.optional(),
  levelId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  minRating: z.coerce.number().min(0).max(5).optional(),
  freeThisWeek: QueryFlag.optional(),
  sort: z.enum(DIRECTORY_SORTS).default("relevance"),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(DIRECTORY_MAX_PAGE_SIZE).default(12),
});
export type TeacherDirectoryQuery = z.input<typeof TeacherDirectoryQuery>;

/** One teacher in the directory. `photoUrl` is the 256 px image's path; `nextFreeSlot` a São Paulo instant. */
export const TeacherCard = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** Average of the students' notes to one decimal, null before the first. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  lessonsGiven: z.number().int(),
  specialities: z.array(TeacherSpeciality),
  languages: z.array(TeacherLanguage),
  /** The first line of the bio, at most 160 characters. */
  bio: z.string(),
  /** Ids of the levels the teacher teaches. */
  levelIds: z.array(z.number().int()),
  nextFreeSlot: z.string().nullable(),
});
export type TeacherCard = z.infer<typeof TeacherCard>;

export const TeacherDirectoryPage = z.object({ content: z.array(TeacherCard), totalElements: z.number().int() });
export type TeacherDirectoryPage = z.infer<typeof TeacherDirectoryPage>;

/** A student's written comment on a lesson, as the public profile shows it (first name and initial only). */
export const TeacherReview = z.object({
  id: z.number().int(),
  /** "Ana S." */
  studentName: z.string(),
  note: z.number().int().nullable(),
  comment: z.string(),
  /** When it was given, an ISO instant. */
  at: z.string(),
  /** Only administrators see hidden reviews (with `hidden: true`); everyone else never receives them. */
  hidden: z.boolean(),
});
export type TeacherReview = z.infer<typeof TeacherReview>;

/** `GET /api/teachers/{id}`: the public profile. */
export const TeacherPublicProfile = TeacherCard.extend({
  /** The whole bio and experience as the teacher wrote them. */
  about: z.string(),
  experience: z.string(),
  photo: z.object({ large: z.string(), small: z.string() }).nullable(),
  reviews: z.array(TeacherReview),
  /** Whether the signed-in student keeps this teacher among their favourites (false for anyone else). */
  favorite: z.boolean(),
});
export type TeacherPublicProfile = z.infer<typeof TeacherPublicProfile>;

/** `PUT /api/teachers/{id}/reviews/{reviewId}/visibility` (administrators): hide or show a comment. */
export const ReviewVisibilityBody = z.object({ hidden: z.boolean() });
export type ReviewVisibilityBody = z.input<typeof ReviewVisibilityBody>;
export const ReviewParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type ReviewParams = z.input<typeof ReviewParams>;

// ---- Availability and slots ---------------------------------------------------------------------------

/** `PUT /api/teachers/me/availability` and `/api/teachers/{id}/availability`. */
export const AvailabilityBody = TeacherAvailability.extend({
  /**
   * The teacher saw the lessons the change affects (a 409 listed them) and confirms: those lessons go back
   * to the open board and their students are told (push and e-mail).
   */
  confirm: z.boolean().default(false),
});
export type AvailabilityBody = z.input<typeof AvailabilityBody>;

/** A lesson a change of availability would take from the teacher (the 409's `affected`). */
export const AffectedLesson = z.object({
  lessonId: z.number().int(),
  date: z.string(),
  student: z.object({ id: z.number().int(), name: z.string() }),
});
export type AffectedLesson = z.infer<typeof AffectedLesson>;

/** The 409 of an unconfirmed change that would affect booked lessons. */
export const AvailabilityConflict = z.object({ message: z.string(), affected: z.array(AffectedLesson) });
export type AvailabilityConflict = z.infer<typeof AvailabilityConflict>;

/** `GET /api/teachers/{id}/slots?from=2026-12-01&to=2026-12-14` (São Paulo dates, both included). */
export const TeacherSlotsQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export type TeacherSlotsQuery = z.input<typeof TeacherSlotsQuery>;
export const TeacherSlots = z.object({ slots: z.array(z.string()) });
export type TeacherSlots = z.infer<typeof TeacherSlots>;

// ---- Booking, requests, series ------------------------------------------------------------------------

/** `POST /api/teachers/{id}/bookings`: 201 with the lesson, already accepted. */
export const BookingBody = z.object({
  start: instant,
  trailId: z.coerce.number().int().positive().max(CATALOG_ID_MAX),
});
export type BookingBody = z.input<typeof BookingBody>;

export const RequestFallback = z.enum(["BOARD", "CANCEL"]);
export type RequestFallback = z.infer<typeof RequestFallback>;

/** `POST /api/teachers/{id}/requests`: a lesson offered to that teacher alone. */
export const LessonRequestBody = BookingBody.extend({ fallback: RequestFallback });
export type LessonRequestBody = z.input<typeof LessonRequestBody>;

export const LessonRequestStatus = z.enum(["REQUESTED", "ACCEPTED", "DECLINED", "EXPIRED"]);
export type LessonRequestStatus = z.infer<typeof LessonRequestStatus>;

/** A request as the student and the teacher asked see it (`GET /api/lesson-requests`). */
export const LessonRequestView = z.object({
  /** The lesson's id. */
  id: z.number().int(),
  status: LessonRequestStatus,
  fallback: RequestFallback,
  /** Until when the teacher may answer, an ISO instant. */
  expiresAt: z.string(),
  scheduling: SchedulingView,
  teacher: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }),
});
export type LessonRequestView = z.infer<typeof LessonRequestView>;

/** `POST /api/lessons/{id}/rebook` ("Agendar de novo"): the same teacher a week later, or their nearest slots. */
export const RebookAnswer = z.union([
  z.object({ booked: z.literal(true), lesson: SchedulingView }),
  z.object({ booked: z.literal(false), teacherId: z.number().int(), slots: z.array(z.string()) }),
]);
export type RebookAnswer = z.infer<typeof RebookAnswer>;

export const SERIES_MAX_WEEKS = 52;
/** How many weeks ahead a series creates its lessons (each spending a credit when created). */
export const SERIES_WEEKS_AHEAD = 2;

/** `POST /api/lesson-series`: "toda terça às 19:00 com Ana, 8 semanas". */
export const LessonSeriesBody = z.object({
  teacherId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  start: instant,
  weeks: z.coerce.number().int().min(2).max(SERIES_MAX_WEEKS),
  trailId: z.coerce.number().int().positive().max(CATALOG_ID_MAX),
});
export type LessonSeriesBody = z.input<typeof LessonSeriesBody>;

export const LessonSeriesStatus = z.enum(["ACTIVE", "PAUSED", "ENDED", "CANCELLED"]);
export type LessonSeriesStatus = z.infer<typeof LessonSeriesStatus>;

export const SeriesOccurrence = z.object({
  /** Its start, an ISO instant. */
  date: z.string(),
  /** The lesson made for it; null while not yet created (too far ahead, or paused for want of credits). */
  lessonId: z.number().int().nullable(),
  status: z.enum(["PLANNED", "BOOKED", "CANCELLED", "SKIPPED"]),
});
export type SeriesOccurrence = z.infer<typeof SeriesOccurrence>;

export const LessonSeriesView = z.object({
  id: z.number().int(),
  status: LessonSeriesStatus,
  teacher: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }),
  student: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }),
  trail: z.object({ id: z.number().int(), number: z.number().int(), title: z.string() }),
  /** The first lesson's start; the others follow weekly at the same São Paulo weekday and time. */
  start: z.string(),
  weeks: z.number().int(),
  occurrences: z.array(SeriesOccurrence),
  /** Why it is paused: "NO_CREDITS". */
  pausedReason: z.string().nullable(),
});
export type LessonSeriesView = z.infer<typeof LessonSeriesView>;

// ---- Favourites ---------------------------------------------------------------------------------------

/** `GET /api/account/favorites`: the student's favourite teachers, each with their next free slots. */
export const FavoriteTeacher = TeacherCard.extend({ nextFreeSlots: z.array(z.string()).max(3) });
export type FavoriteTeacher = z.infer<typeof FavoriteTeacher>;
export const FavoriteTeachers = z.array(FavoriteTeacher);
export const FavoriteParams = z.object({
  teacherId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FavoriteParams = z.input<typeof FavoriteParams>;
