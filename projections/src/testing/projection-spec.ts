import { randomUUID } from "node:crypto";
import type { RecordedEvent } from "@el/domain";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Projector, Push } from "../runner/projector";
import type { Sql } from "../sql";
import { emptyPglite } from "./empty-pglite";

/**
 * An event as a spec states it: the stream it is on and the domain event (`{ type, data }`). `at` is
 * when it happened (recordedAt and occurredAt); by default each event is a minute after the one before.
 */
export interface SpecEvent {
  streamId: string;
  type: string;
  data: unknown;
  at?: string;
}

/**
 * `event` on the stream `streamId`. Typed factories of a spec pass the union of the events such streams
 * hold, so an event the domain does not define, or data of the wrong shape, does not compile.
 */
export const on = <Event extends { type: string; data: unknown }>(
  streamId: string,
  event: Event,
  at?: string,
): Event & SpecEvent => ({ ...event, streamId, ...(at ? { at } : {}) });

/** What the `then` of a spec gets: the database as the read model's queries take it, and what `when` pushed. */
export interface Outcome {
  sql: Sql;
  pushes: Push[];
}

type Then = (outcome: Outcome) => Promise<void> | void;

const FIRST_EVENT_AT = Date.parse("2026-03-02T12:00:00.000Z");

/** Without parameters a text may hold several statements (migrations), which needs the simple protocol. */
const sqlOf = (db: PGlite | Transaction): Sql => ({
  query: async (text, params) =>
    (params?.length ? db.query(text, params) : ((await db.exec(text)).at(-1) ?? { rows: [] })) as never,
});

/** Gives the events of one case the envelope the store would: positions, stream versions, times. */
const recorder = () => {
  const versions = new Map<string, number>();
  let position = 0n;
  return ({ streamId, type, data, at }: SpecEvent): RecordedEvent => {
    position++;
    const streamVersion = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, streamVersion);
    const occurredAt = at ?? new Date(FIRST_EVENT_AT + Number(position) * 60_000).toISOString();
    return {
      transactionId: position,
      globalPosition: position,
      streamId,
      streamVersion,
      type,
      schemaVersion: 1,
      data,
      metadata: { occurredAt },
      eventId: randomUUID(),
      recordedAt: new Date(occurredAt),
    };
  };
};

/** Events of a spec as the store would record them, in this order. */
export const recordAll = (events: readonly SpecEvent[]): RecordedEvent[] => events.map(recorder());

/**
 * Specs of read models in the style of Emmett's projection specs: given these events, when these,
 * then the read model's queries answer this (and these pushes went out).
 *
 * One in-memory PGlite per spec file, opened on first use and migrated once. Each case applies its
 * events in one transaction, to the projectors that handle them, as the runner applies a batch; its
 * `then` runs inside that transaction, which is then rolled back, so cases never see each other's rows.
 */
export const projectionSpec = (...projectors: Projector[]) => {
  let opened: Promise<PGlite> | undefined;
  const database = () => {
    opened ??= emptyPglite().then(async (db) => {
      for (const projector of projectors) await projector.migrate(sqlOf(db));
      return db;
    });
    return opened;
  };

  const run = async (given: SpecEvent[], when: SpecEvent[], then: Then) => {
    const db = await database();
    await db.transaction(async (tx) => {
      const sql = sqlOf(tx);
      const record = recorder();
      const apply = async (event: SpecEvent) => {
        const recorded = record(event);
        const pushes: Push[] = [];
        for (const projector of projectors) {
          if (!projector.handles.includes(recorded.type)) continue;
          // What is pushed, not when: each push's `recordedAt` is the recorder's clock.
          for (const { recordedAt: _, ...push } of await projector.evolve([recorded], sql, { live: true }))
            pushes.push(push);
        }
        return pushes;
      };
      for (const event of given) await apply(event);
      const pushes: Push[] = [];
      for (const event of when) pushes.push(...(await apply(event)));
      await then({ sql, pushes });
      await tx.rollback();
    });
  };

  return {
    // biome-ignore-start lint/suspicious/noThenProperty: given/when/then reads as the rule, as in Emmett's specs; a case awaits what `then` returns, never the builder.
    /** The history the read model has already seen; its pushes went out before the case begins. */
    given: (...given: SpecEvent[]) => ({
      when: (...when: SpecEvent[]) => ({ then: (then: Then) => run(given, when, then) }),
      then: (then: Then) => run(given, [], then),
    }),
    // biome-ignore-end lint/suspicious/noThenProperty: see above.
    close: async () => {
      if (opened) await (await opened).close();
    },
  };
};
