import { Readable } from "node:stream";
import { notFound } from "@el/domain";
import {
  AuditEventsPage,
  AuditEventsQuery,
  type AuditEvent as AuditEventView,
  AuditExportQuery,
  AuditStreamParams,
  ChainReport,
  type StoredAuditEvent,
  StreamHistory,
  StreamHistoryQuery,
  streamHistory,
  UNKNOWN,
} from "@el/domain/audit/index";
import type { Clock } from "@el/domain/shared/clock";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuditedEvent, AuditLog, PersonalDataVault } from "../../event-store";
import { fileBytes } from "../../http/responses";

/** Auditors read here; administrators pass every auditor check too. */
const AUDITORS = { roles: ["ROLE_AUDITOR", "ROLE_ADMIN"] as const };

const positionOf = (event: { transactionId: bigint; globalPosition: bigint }) =>
  `${event.transactionId}:${event.globalPosition}`;

type ListedEvent = Omit<AuditedEvent, "hash" | "link" | "content"> & { hash: string | null; link: bigint | null };

/** An event as stored: who, request and cause say `unknown` for events older than the audit metadata. */
export const auditEventView = (event: ListedEvent): StoredAuditEvent => ({
  position: positionOf(event),
  globalPosition: event.globalPosition.toString(),
  link: event.link?.toString() ?? null,
  stream: event.streamId,
  version: event.streamVersion,
  type: event.type,
  schemaVersion: event.schemaVersion,
  eventId: event.eventId,
  time: event.recordedAt,
  who: event.metadata?.userId ?? UNKNOWN,
  correlation: event.metadata?.correlationId ?? UNKNOWN,
  causation: event.metadata?.causationId ?? null,
  data: event.data,
  metadata: { ...event.metadata },
  hash: event.hash,
});

/**
 * The events as an auditor reads them: each as stored, and `opened`, its personal fields readable while the
 * person's key exists, "titular removido" once they were erased (the keys all loaded at once, then opened).
 */
const readableViews = async (vault: PersonalDataVault, events: readonly ListedEvent[]): Promise<AuditEventView[]> => {
  await vault.prepare(events.map((event) => ({ type: event.type, stream_id: event.streamId, data: event.data })));
  return events.map((event) => ({
    ...auditEventView(event),
    opened: vault.open(event.type, event.streamId, event.data),
  }));
};

const EXPORT_PAGE = 1000;

/**
 * Before an answer, every event stored when it was asked is chained (by this process or another one), so
 * the history shows it; an event held back by a transaction still open elsewhere is waited for a moment only.
 */
const chainStored = async (log: AuditLog) =>
  log.catchUp({ upTo: (await log.lastStored()) ?? undefined, timeoutMs: 2000 });

/**
 * NDJSON, one stored event a line with its link (`previousHash`, `hash`) and the text its digest covers
 * (`content`), then a last line with the chain's head when the export was made: a copy is checked outside the
 * product by recomputing each line's digest and hash (docs/architecture.md, "Checking an export").
 */
const exportLines = async function* (
  log: AuditLog,
  query: { stream?: string; from?: string; to?: string },
  clock: Clock,
) {
  let count = 0;
  const line = async (event: AuditedEvent, previousHash: string) => {
    count++;
    return `${JSON.stringify({ ...auditEventView(event), content: event.content, previousHash })}\n`;
  };
  if (query.stream !== undefined) {
    for (const event of await log.stream(query.stream)) {
      yield await line(event, await log.previousHash(event.link));
    }
  } else {
    let after: bigint | undefined;
    let previous: { link: bigint; hash: string } | undefined;
    for (;;) {
      const page = await log.events({ from: query.from, to: query.to, after }, EXPORT_PAGE);
      for (const event of page) {
        // Events of a range follow each other in the chain, each one's previous link the line before it, unless a
        // restore reordered the store (then the link before is read).
        const previousHash =
          previous && previous.link + 1n === event.link ? previous.hash : await log.previousHash(event.link);
        yield await line(event, previousHash);
        previous = { link: event.link, hash: event.hash };
      }
      if (page.length < EXPORT_PAGE) break;
      after = page[page.length - 1]?.link;
    }
  }
  const head = await log.head();
  yield `${JSON.stringify({
    head: head ? { link: head.link.toString(), position: positionOf(head.position), hash: head.hash } : null,
    count,
    exportedAt: clock.now().toISOString(),
  })}\n`;
};

/** The auditors' API: the history in global order, a stream at any instant, the chain, exports. */
export const auditRoutes = async (base: FastifyInstance, { log }: { log: AuditLog }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/audit/events",
    { config: AUDITORS, schema: { querystring: AuditEventsQuery, response: { 200: AuditEventsPage } } },
    async (request) => {
      const { size, after, ...filter } = request.query;
      // What has committed is chained first, so a page shows every event stored before it was asked.
      await chainStored(log);
      const events = await log.events({ ...filter, after }, size);
      const last = events[events.length - 1];
      return {
        content: await readableViews(app.eventStore.personalData, events),
        next: last && events.length === size ? last.link.toString() : null,
      };
    },
  );

  app.get(
    "/api/audit/streams/:stream",
    {
      config: AUDITORS,
      schema: {
        params: AuditStreamParams,
        querystring: StreamHistoryQuery,
        response: { 200: StreamHistory },
      },
    },
    async (request) => {
      const { stream } = request.params;
      const at = request.query.at ? new Date(request.query.at) : undefined;
      await chainStored(log);
      // Folded from the events in today's shape (upcast), shown as they are stored.
      const [recorded, audited] = await Promise.all([app.eventStore.readStream(stream), log.stream(stream)]);
      if (recorded.length === 0) throw notFound();
      const stored = new Map(audited.map((event) => [event.streamVersion, event]));
      const history = streamHistory(stream, recorded, at);
      // An event the chainer has not reached yet is shown as the store reads it (already opened).
      const listed = history.steps.map(
        ({ event }): ListedEvent =>
          stored.get(event.streamVersion) ?? {
            ...event,
            recordedAt: event.recordedAt.toISOString(),
            hash: null,
            link: null,
          },
      );
      const views = await readableViews(app.eventStore.personalData, listed);
      return {
        stream,
        kind: history.kind,
        at: at?.toISOString() ?? null,
        state: history.state,
        events: history.steps.map(({ stateAfter }, index) => ({ event: views[index] as AuditEventView, stateAfter })),
      };
    },
  );

  app.get("/api/audit/verify", { config: AUDITORS, schema: { response: { 200: ChainReport } } }, async () => {
    await chainStored(log);
    const { checked, head, brokenAt, unchained } = await log.verify();
    return {
      ok: brokenAt === null && unchained === 0,
      checked,
      head: head?.hash ?? null,
      headPosition: head ? positionOf(head.position) : null,
      headLink: head?.link.toString() ?? null,
      brokenAt: brokenAt && {
        link: brokenAt.link.toString(),
        position: positionOf(brokenAt.position),
        stream: brokenAt.streamId,
        version: brokenAt.streamVersion,
        expected: brokenAt.expected,
        stored: brokenAt.stored,
      },
      unchained,
    };
  });

  app.get(
    "/api/audit/export",
    {
      config: AUDITORS,
      schema: { querystring: AuditExportQuery, response: { 200: fileBytes("application/x-ndjson") } },
    },
    async (request, reply) => {
      await chainStored(log);
      const name = request.query.stream ?? `${request.query.from}_${request.query.to}`;
      return reply
        .type("application/x-ndjson; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="audit-${name.replace(/[^\w.-]/g, "_")}.ndjson"`)
        .send(Readable.from(exportLines(log, request.query, app.clock)));
    },
  );
};
