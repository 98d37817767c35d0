import { z } from "zod";
import { DisputeParty, DisputeReason } from "./dispute";

/** Requests and answers of `/api/disputes`, shared by the backend's routes and the web app's calls. */

const instant = z.string();
const text = (max: number) => z.string().trim().min(1, "error.dispute.comment").max(max);

/** `POST /api/lessons/{id}/disputes`. */
export const OpenDisputeBody = z.object({ reason: DisputeReason, comment: text(2000) });
export type OpenDisputeBody = z.input<typeof OpenDisputeBody>;
export const DisputeCreated = z.object({ id: z.number().int() });
export type DisputeCreated = z.infer<typeof DisputeCreated>;

/** `POST /api/disputes/{id}/answer`. */
export const AnswerDisputeBody = z.object({ comment: text(2000) });
export type AnswerDisputeBody = z.input<typeof AnswerDisputeBody>;

/** `POST /api/disputes/{id}/resolve` (administrators). */
export const ResolveDisputeBody = z.object({
  refundStudent: z.boolean(),
  payTeacher: z.boolean(),
  reason: text(2000),
});
export type ResolveDisputeBody = z.input<typeof ResolveDisputeBody>;

export const DisputeStatus = z.enum(["OPEN", "ANSWERED", "RESOLVED"]);
export type DisputeStatus = z.infer<typeof DisputeStatus>;

/** `GET /api/disputes?status=OPEN`: a party's own, or every one for administrators; `status` the queue's filter. */
export const DisputeListQuery = z.object({ status: DisputeStatus.optional() });
export type DisputeListQuery = z.input<typeof DisputeListQuery>;

const Person = z.object({ id: z.number().int(), name: z.string() });

export const DisputeView = z.object({
  id: z.number().int(),
  lessonId: z.number().int(),
  lessonDate: instant,
  reason: DisputeReason,
  status: DisputeStatus,
  openedBy: DisputeParty,
  student: Person,
  teacher: Person,
  comment: z.string(),
  openedAt: instant,
  /** Until when the side that did not report may answer. */
  answerDeadline: instant,
  answer: z.object({ comment: z.string(), at: instant }).nullable(),
  resolution: z
    .object({ refundStudent: z.boolean(), payTeacher: z.boolean(), reason: z.string(), at: instant })
    .nullable(),
});
export type DisputeView = z.infer<typeof DisputeView>;

/** A teacher with FLAG_DISPUTES or more disputes against them within FLAG_WINDOW_DAYS. */
export const FlaggedTeacherView = z.object({
  teacherId: z.number().int(),
  name: z.string(),
  disputes: z.number().int(),
});
export type FlaggedTeacherView = z.infer<typeof FlaggedTeacherView>;
