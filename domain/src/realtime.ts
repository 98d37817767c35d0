import { z } from "zod";
import { ReplayView } from "./audit/replays";
import { BoardChanged } from "./lessons/board-view";
import { PendingLessonView } from "./lessons/scheduling-view";
import { MessageDeliveredPush, MessageNewPush, MessageReadPush } from "./messages/message-contracts";
import { PurchaseStatus } from "./purchasing/purchase-views";

/**
 * What the server pushes over socket.io, typed once for the gateway and the browser. Both sides use the
 * schemas: the gateway before emitting, the browser on arrival (a push is input like any other).
 * Rooms: `user:{id}`, `role:teacher`, `role:admin`, `role:auditor` (auditors and administrators).
 */

export const serverToClientSchemas = {
  /** To `role:teacher`: a lesson was scheduled and may be claimed. */
  "lesson:pending": z.object({ lesson: PendingLessonView }),
  /** To `role:teacher`: a teacher claimed the lesson; it leaves every board. */
  "lesson:claimed": z.object({ lessonId: z.number().int(), teacherId: z.number().int() }),
  /** To the student's `user:{id}`: their lesson has a teacher and a video link. */
  "lesson:accepted": z.object({
    lessonId: z.number().int(),
    date: z.string(),
    teacher: z.object({ id: z.number().int(), name: z.string() }),
    meetUrl: z.string(),
  }),
  /**
   * To the student's `user:{id}`: an administrator took the teacher away ("Retirar professor"); the
   * lesson waits for a teacher again, without the teacher and video link it had.
   */
  "lesson:unassigned": z.object({ lessonId: z.number().int() }),
  /** To `role:teacher` and the lesson's student and teacher: the lesson will not take place. */
  "lesson:cancelled": z.object({ lessonId: z.number().int(), refunded: z.boolean() }),
  /** To the student's `user:{id}`: their lesson credits changed. */
  "balance:changed": z.object({ balance: z.number().int(), trialCredits: z.number().int().optional() }),
  /** To the teacher's `user:{id}`: an administrator paid one of their lessons, or undid its payment. */
  "payment:changed": z.object({ lessonId: z.number().int(), paid: z.boolean() }),
  /** To the student's `user:{id}`: one of their purchases moved on (paid, failed, expired, refunded…). */
  "purchase:updated": z.object({ purchaseId: z.number().int(), status: PurchaseStatus }),
  /** To the teacher asked (`user:{id}`): a student requested a lesson of them alone ("solicitada para você"). */
  "lesson:requested": z.object({ lesson: PendingLessonView, expiresAt: z.string() }),
  /** To the teacher booked (`user:{id}`): a student booked one of their free slots; it is theirs already. */
  "lesson:booked": z.object({ lesson: PendingLessonView, meetUrl: z.string(), seriesId: z.number().int().optional() }),
  /** To the student (`user:{id}`): the teacher they asked accepted, declined, or let the request expire. */
  "lesson-request:answered": z.object({
    lessonId: z.number().int(),
    status: z.enum(["ACCEPTED", "DECLINED", "EXPIRED"]),
    fallback: z.enum(["BOARD", "CANCEL"]),
  }),
  /** To the series' student and teacher (`user:{id}`): a weekly series was paused, resumed, ended or cancelled. */
  "series:changed": z.object({
    seriesId: z.number().int(),
    status: z.enum(["ACTIVE", "PAUSED", "ENDED", "CANCELLED"]),
    pausedReason: z.string().nullable(),
  }),
  /**
   * To a lesson's other party (`user:{id}`) when a dispute of it is opened, and to both when it is answered or
   * resolved ("não aconteceu": `dispute-{id}`).
   */
  "dispute:changed": z.object({
    disputeId: z.number().int(),
    lessonId: z.number().int(),
    status: z.enum(["OPEN", "ANSWERED", "RESOLVED"]),
  }),
  /** To a conversation's other party and the sender's other tabs (`user:{id}`): a message was sent. */
  "message:new": MessageNewPush,
  /** To the sender (`user:{id}`): the other party read their messages up to `upTo`. */
  "message:read": MessageReadPush,
  /** To the sender (`user:{id}`): their messages up to `upTo` reached the other party's app (`to`). */
  "message:delivered": MessageDeliveredPush,
  /** To the lesson's student (`user:{id}`): the teacher wrote the lesson's report, or wrote it again. */
  "lesson:report-written": z.object({ lessonId: z.number().int(), version: z.number().int() }),
  /** To the lesson's teacher (`user:{id}`): the student marked the report's homework as done. */
  "lesson:homework-done": z.object({ lessonId: z.number().int(), at: z.string() }),
  /** To `role:admin`: a lesson's card on the live board changed (scheduled, claimed, cancelled, feedback, paid…). */
  "board:changed": BoardChanged,
  /** To `role:auditor`: a replay to a moment moved on (progress, done, failed) or was removed (`status` as last known). */
  "replay:progress": ReplayView,
};

export type ServerToClientEventName = keyof typeof serverToClientSchemas;
export type ServerToClientPayload<Name extends ServerToClientEventName> = z.infer<(typeof serverToClientSchemas)[Name]>;

/** socket.io's typed-events map: `Server<{}, ServerToClientEvents>` and `Socket<ServerToClientEvents>`. */
export type ServerToClientEvents = {
  [Name in ServerToClientEventName]: (payload: ServerToClientPayload<Name>) => void;
};

export const isServerToClientEventName = (name: string): name is ServerToClientEventName =>
  Object.hasOwn(serverToClientSchemas, name);

/** Validates a push on arrival; null when it does not match (an older or newer server, or garbage). */
export const parseServerPush = <Name extends ServerToClientEventName>(
  name: Name,
  payload: unknown,
): ServerToClientPayload<Name> | null => {
  const result = serverToClientSchemas[name].safeParse(payload);
  return result.success ? (result.data as ServerToClientPayload<Name>) : null;
};

export const userRoom = (userId: number) => `user:${userId}`;
export const TEACHERS_ROOM = "role:teacher";
export const ADMINS_ROOM = "role:admin";
export const AUDITORS_ROOM = "role:auditor";
