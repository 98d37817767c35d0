import { randomUUID } from "node:crypto";
import type { EventMetadata, NewEvent, RecordedEvent } from "@el/domain";
import type { Database } from "@el/projections/sql";
import {
  type AppendedStream,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type StreamAppend,
  WrongExpectedVersion,
} from "./contract";
import { ambientMetadata, definedMetadata } from "./event-metadata";
import type { PersonalDataVault } from "./personal-data";
import type { EventRegistry } from "./registry";

/** What `es_append_many` stores for a command and answers (migrations/event-store.ts). */
export interface StoredResult {
  nextVersions: Record<string, number>;
  lastPosition: { transactionId: string; globalPosition: string };
  result?: unknown;
}

/** The expected version as `es_append` takes it: 0 is a stream that must not exist yet. */
export const expectedOf = (expected: ExpectedVersion) => (expected === 0 ? "no_stream" : String(expected));

export const fromStored = <Result>(stored: StoredResult, duplicate: boolean): AppendResult<Result> => ({
  nextVersions: stored.nextVersions,
  lastPosition: {
    transactionId: BigInt(stored.lastPosition.transactionId),
    globalPosition: BigInt(stored.lastPosition.globalPosition),
  },
  result: stored.result as Result,
  duplicate,
  recorded: [],
});

/** The events of `payload` as stored by an append that answered `appended` (see AppendResult.recorded). */
export const recordedOf = (payload: string, appended: AppendResult, recordedAt = new Date()): RecordedEvent[] => {
  // Parsed back from the text sent (before its personal fields were sealed), so the data is what
  // PostgreSQL stored and a read gives back, not the objects given.
  const sent = JSON.parse(payload) as {
    streamId: string;
    events: { type: string; schemaVersion: number; data: unknown; metadata: EventMetadata; eventId: string }[];
  }[];
  return sent.flatMap(({ streamId, events }) => {
    const first = (appended.nextVersions[streamId] as number) - events.length + 1;
    return events.map((event, index) => ({
      ...appended.lastPosition,
      streamId,
      streamVersion: first + index,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata: event.metadata,
      eventId: event.eventId,
      recordedAt,
    }));
  });
};

/** The store's writes: appends at an expected version, all or nothing, idempotent under a command id. */
export type EventAppends = Pick<EventStore, "append" | "appendMany" | "commandResult">;

export const createEventAppends = (
  db: Database,
  registry: EventRegistry,
  personalData: PersonalDataVault,
  options: {
    /** Whether each event is stored with its digest (see `createEventStore`). */
    digests: boolean;
    /** Told of every append that stored events, once it committed. */
    announce: (local: readonly AppendedStream[]) => void;
  },
): EventAppends => {
  const { digests, announce } = options;
  const serialise = (events: NewEvent[], shared: Partial<EventMetadata> | undefined) => {
    // Who and which request or job, from the caller's scope unless the append or the event says (event-metadata.ts).
    const common = { occurredAt: new Date().toISOString(), ...ambientMetadata(), ...definedMetadata(shared) };
    return events.map((event) => ({
      type: event.type,
      schemaVersion: registry.currentVersion(event.type),
      data: registry.validate(event.type, event.data),
      metadata: { ...common, ...definedMetadata(event.metadata) },
      eventId: event.eventId ?? randomUUID(),
      // PostgreSQL digests the event as it stores it (migrations/event-store.ts), for the audit chain.
      ...(digests ? { digest: true } : {}),
    }));
  };

  const appendMany = async <Result>(streams: StreamAppend[], options: AppendOptions<Result> = {}) => {
    if (streams.length === 0 || streams.some((stream) => stream.events.length === 0)) {
      throw new Error("appendMany needs at least one event for every stream");
    }
    // Validate every event before touching the database: a bad event stores nothing.
    const shared = { ...options.metadata, commandId: options.commandId ?? options.metadata?.commandId };
    const plain = streams.map((stream) => ({
      streamId: stream.streamId,
      expected: expectedOf(stream.expectedVersion),
      events: serialise(stream.events, shared),
    }));
    // Personal fields are stored encrypted with their person's key; most appends hold none and are sent as they are.
    const sealed = await Promise.all(
      plain.map(async (stream) => ({ ...stream, events: await personalData.seal(stream.streamId, stream.events) })),
    );
    const payload = JSON.stringify(sealed);
    const plainPayload = sealed.every((stream, index) => stream.events === plain[index]?.events)
      ? payload
      : JSON.stringify(plain);
    let answer: { duplicate: boolean; stored: StoredResult };
    try {
      const { rows } = await db.query<{ answer: { duplicate: boolean; stored: StoredResult } }>(
        "select es_append_many($1::jsonb, $2, $3::jsonb) as answer",
        [payload, options.commandId ?? null, options.result === undefined ? null : JSON.stringify(options.result)],
        { prepareAs: "es_append_many" },
      );
      answer = rows[0]?.answer as { duplicate: boolean; stored: StoredResult };
    } catch (error) {
      const pgError = error as { code?: string; detail?: string; hint?: string };
      const conflicting = streams.find((stream) => stream.streamId === pgError.hint);
      if (pgError.code === "EL409" && conflicting) {
        throw new WrongExpectedVersion(conflicting.streamId, conflicting.expectedVersion, Number(pgError.detail ?? 0));
      }
      throw error;
    }
    const appended = fromStored<Result>(answer.stored, answer.duplicate);
    if (!appended.duplicate) {
      // Parsed back only when a caller reads it (a command folding its streams), once, with the time it returned.
      const recordedAt = new Date();
      let recorded: RecordedEvent[] | undefined;
      Object.defineProperty(appended, "recorded", {
        get: () => {
          recorded ??= recordedOf(plainPayload, appended, recordedAt);
          return recorded;
        },
        enumerable: true,
        configurable: true,
      });
      announce(
        streams.map(({ streamId, events }) => ({
          streamId,
          types: events.map((event) => event.type),
          version: appended.nextVersions[streamId] as number,
          position: appended.lastPosition,
        })),
      );
    }
    return appended;
  };

  return {
    append: (streamId, events, options) =>
      appendMany([{ streamId, events, expectedVersion: options.expectedVersion }], options),
    appendMany,
    async commandResult<Result>(commandId: string) {
      const { rows } = await db.query<{ result: StoredResult | null }>(
        "select result from es_commands where command_id = $1",
        [commandId],
      );
      const stored = rows[0]?.result;
      return stored ? fromStored<Result>(stored, true) : undefined;
    },
  };
};
