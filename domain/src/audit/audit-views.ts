import { z } from "zod";

/**
 * The auditors' HTTP contract, declared once: the backend's route schemas and the web app's
 * requests use these. Positions are the store's global order, the pair (transaction id, position) written
 * `transactionId:globalPosition` (backend/src/event-store/README.md); each event's `link` is its place in the
 * hash chain, which follows that order. Bigints travel as decimal strings.
 */

/** Who caused an event, or the request it came from, when an event written before the audit metadata does not say. */
export const UNKNOWN = "unknown";

const instant = z.iso.datetime({ offset: true });

/** Where a page ends and the next starts: the chain link of its last event (`next` of a page). */
export const AuditCursor = z
  .string()
  .regex(/^\d{1,19}$/, "audit.error.cursor")
  .transform((text) => BigInt(text));

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 500;

/** `GET /api/audit/events`: every filter is optional and they combine; `from` inclusive, `to` exclusive. */
export const AuditEventsQuery = z
  .object({
    stream: z.string().min(1).max(300).optional(),
    type: z.string().min(1).max(100).optional(),
    userId: z.string().min(1).max(100).optional(),
    from: instant.optional(),
    to: instant.optional(),
    after: AuditCursor.optional(),
    size: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: "audit.error.range",
    path: ["to"],
  });
export type AuditEventsQuery = z.input<typeof AuditEventsQuery>;

/**
 * One stored event as an auditor reads it: data and metadata exactly as stored (what the chain hashes), and
 * the same data readable by a person (`opened`).
 */
export const AuditEvent = z.object({
  /** `transactionId:globalPosition`, the event's place in the global order. */
  position: z.string(),
  globalPosition: z.string(),
  /** Its place in the hash chain (null while not chained yet); pages are cut at links. */
  link: z.string().nullable(),
  stream: z.string(),
  version: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  eventId: z.string(),
  /** When the store recorded it. */
  time: z.string(),
  /** User id, `system`, `anonymous`, or `unknown` for events older than this record. */
  who: z.string(),
  correlation: z.string(),
  causation: z.string().nullable(),
  /** As stored: personal fields are sealed tokens (`pd1:…`, LGPD), the form the chain's hash covers. */
  data: z.unknown(),
  /**
   * `data` with its sealed personal fields opened while the person's key exists, and "titular removido"
   * (`PERSON_REMOVED`) where the person was erased: what the read models show of them.
   */
  opened: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  /** Its link of the chain (null while the chainer, just behind the appends, has not reached it). */
  hash: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
/** An event exactly as stored, without the opened copy: an export's line (a copy checked outside the product). */
export type StoredAuditEvent = Omit<AuditEvent, "opened">;

/** A page of events in global order; `next` is the cursor of the following page (null: none yet). */
export const AuditEventsPage = z.object({ content: z.array(AuditEvent), next: z.string().nullable() });
export type AuditEventsPage = z.infer<typeof AuditEventsPage>;

/** `GET /api/audit/streams/{stream}?at=`: the state as it stood at that instant (absent: now). */
export const StreamHistoryQuery = z.object({ at: instant.optional() });

/** A stream's events, each with the stream's state right after it (folded by the stream's own decider). */
export const StreamHistory = z.object({
  stream: z.string(),
  /** The kind of stream (`student`, `lesson`, `purchase`…) whose decider folded it. */
  kind: z.string(),
  at: z.string().nullable(),
  /** The state at `at` (or after the last event): the initial state when no event had happened yet. */
  state: z.unknown(),
  /** The events that made that state, each with the state after it. */
  events: z.array(z.object({ event: AuditEvent, stateAfter: z.unknown() })),
});
export type StreamHistory = z.infer<typeof StreamHistory>;

/** What recomputing the chain found: `brokenAt` is the first event whose stored hash does not match. */
export const ChainReport = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** Hash of the last event checked (the chain's head). */
  head: z.string().nullable(),
  headPosition: z.string().nullable(),
  headLink: z.string().nullable(),
  brokenAt: z
    .object({
      link: z.string(),
      position: z.string(),
      stream: z.string(),
      version: z.number().int(),
      expected: z.string(),
      stored: z.string(),
    })
    .nullable(),
  /** Events committed but not yet chained (the chainer runs just behind the appends). */
  unchained: z.number().int(),
});
export type ChainReport = z.infer<typeof ChainReport>;

/** `GET /api/audit/export`: one stream, or a time range (`from` inclusive, `to` exclusive). */
export const AuditExportQuery = z
  .object({
    stream: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe("the stream to export; required unless `from` and `to` are given"),
    from: instant.optional().describe("with `to`, instead of `stream`: the events stored from this instant"),
    to: instant.optional().describe("with `from`, instead of `stream`: the events stored before this instant"),
  })
  .refine((query) => query.stream !== undefined || (query.from !== undefined && query.to !== undefined), {
    message: "audit.error.exportScope",
    path: ["stream"],
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: "audit.error.range",
    path: ["to"],
  });
