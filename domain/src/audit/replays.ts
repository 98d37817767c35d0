import { z } from "zod";

/**
 * Replays to a moment (issue 12): one read model rebuilt as the store stood at an instant, into a schema of
 * its own, then read through the product's own read endpoints with `replay=<id>` (`GET /api/lessons`,
 * `GET /api/lessons/totals`). Declared once for the routes, the socket push and the web app.
 */

/** The read model the lesson-control list and totals read: what an auditor replays most. */
export const LESSON_CONTROL_PROJECTION = "lesson-schedulings";

/**
 * Read models the same read endpoints need beside the one named, replayed with it into its schema: the
 * lesson-control list and totals count from `lesson-control-counts` as well as reading `lesson_schedulings`.
 */
export const REPLAYED_WITH: Readonly<Record<string, readonly string[]>> = {
  [LESSON_CONTROL_PROJECTION]: ["lesson-control-counts"],
};

/** A replay's id: its schema is `replay_{id}`, so only these characters. */
export const ReplayId = z.string().regex(/^[a-z0-9]{12}$/, "audit.replays.error.id");

export const ReplayStatus = z.enum(["running", "done", "failed"]);
export type ReplayStatus = z.infer<typeof ReplayStatus>;

export const StartReplayBody = z.object({
  projection: z.string().min(1).max(100),
  at: z.iso.datetime({ offset: true, message: "audit.replays.error.at" }),
});
export type StartReplayBody = z.infer<typeof StartReplayBody>;

export const ReplayView = z.object({
  id: ReplayId,
  projection: z.string(),
  /** Events stored at or before this instant are in it. */
  at: z.string(),
  status: ReplayStatus,
  /** Events replayed so far, of `total` (counted when it started). */
  replayed: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When it is dropped (`AUDIT_REPLAY_TTL_MS` after it was asked for). */
  expiresAt: z.string(),
});
export type ReplayView = z.infer<typeof ReplayView>;

export const ReplayList = z.array(ReplayView);

/** The read models a replay can rebuild, by name. */
export const ReplayableProjections = z.array(z.string());
