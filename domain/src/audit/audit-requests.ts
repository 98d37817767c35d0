import { z } from "zod";
import { pagingQuery } from "../shared/page-query";
import { ReplayId } from "./replays";

/**
 * The audit's requests besides the event list's, the export's and the stream history's queries and the
 * replay's body, which sit beside their views: the paths, and the `replay` a read endpoint takes.
 */

/** `GET /api/audit/streams/{stream}`: one stream's history. */
export const AuditStreamParams = z.object({ stream: z.string().min(1).max(300) });
export type AuditStreamParams = z.input<typeof AuditStreamParams>;

/** `/api/audit/replays/{id}`. */
export const ReplayIdParams = z.object({ id: ReplayId });
export type ReplayIdParams = z.input<typeof ReplayIdParams>;

/**
 * `replay=<id>` on a read endpoint: the same answer from a finished replay to a moment instead of the live
 * read model (a shape each list's query spreads in).
 */
export const FromReplay = { replay: ReplayId.optional() };

/**
 * `GET /management/audits`: one page of the sign-in audit, sorted by the fields its read model orders by
 * (the caller passes them), between two days when asked.
 */
export const signInAuditQuery = <Field extends string>(sortFields: readonly [Field, ...Field[]]) =>
  pagingQuery(sortFields).extend({ fromDate: z.iso.date().optional(), toDate: z.iso.date().optional() });
