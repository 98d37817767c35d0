import type { z } from "zod";
import type { RecordedEvent } from "./events";

/** The events of one aggregate: each event type with the zod schema of its data. */
export type EventSchemas = Record<string, z.ZodType>;

/** An event as a decider decides and folds it: its past-tense `type` and its `data`. */
export type Event<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** `{ type, data }` for every event of a schema map: the union a decider folds and decides. */
export type EventOf<Schemas extends EventSchemas> = {
  [Type in keyof Schemas & string]: Event<Type, z.infer<Schemas[Type]>>;
}[keyof Schemas & string];

/** A stored event of a union, whose `data` narrows with its `type` (a decider of the union folds it as it is). */
export type RecordedOf<Of extends Event> = Of & RecordedEvent;

/** How a kind of stream writes its key into the stream id and reads it back (undefined: not a key). */
export interface StreamKey<Key> {
  format: (key: Key) => string;
  parse: (text: string) => Key | undefined;
}

/** Ids from the id sequence: `lesson-42`. */
export const numericKey: StreamKey<number> = {
  format: (key) => String(key),
  parse: (text) => (/^\d+$/.test(text) ? Number(text) : undefined),
};

/** E-mails and logins, which are compared without case or surrounding blanks: `email-ana@example.com`. */
export const lowerCaseKey = (maxLength?: number): StreamKey<string> => ({
  format: (key) => key.trim().toLowerCase().slice(0, maxLength),
  parse: (text) => (text === "" ? undefined : text),
});

/**
 * One kind of stream (`lesson-{id}`, `student-{id}`, `admin-{login}`…): the only place its ids are built
 * and read back, and the events its streams hold.
 */
export interface StreamKind<Key, Event extends { type: string; data: unknown }> {
  readonly prefix: string;
  id: (key: Key) => string;
  /** The key of an id of this kind; throws on any other id. */
  parse: (streamId: string) => Key;
  holds: (streamId: string) => boolean;
  /** A stored event of a stream of this kind, typed by its `type`; throws on a type such streams never hold. */
  event: (recorded: RecordedEvent) => RecordedOf<Event>;
  /** The stored events of one stream of this kind (none when it does not exist yet), typed as `event` does. */
  events: (recorded: readonly RecordedEvent[] | undefined) => RecordedOf<Event>[];
  /** The events of the stream of `key` among several read together (`executeOnStreams`' histories). */
  history: (histories: Readonly<Record<string, readonly RecordedEvent[]>>, key: Key) => RecordedOf<Event>[];
}

export const streamKind = <Key, Schemas extends EventSchemas>(
  prefix: string,
  schemas: Schemas,
  key: StreamKey<Key>,
): StreamKind<Key, EventOf<Schemas>> => {
  const start = `${prefix}-`;
  const keyOf = (streamId: string) =>
    streamId.startsWith(start) ? key.parse(streamId.slice(start.length)) : undefined;
  // Only the type needs checking: the store validated the data with this type's schema when it was appended
  // and brings older versions up to the current one (upcasters) when it reads them. A type the kind does
  // not list means a stream read under the wrong kind, which must not be folded into the wrong state.
  const isOfKind = (recorded: RecordedEvent): recorded is RecordedOf<EventOf<Schemas>> =>
    Object.hasOwn(schemas, recorded.type);
  const event = (recorded: RecordedEvent) => {
    if (!isOfKind(recorded)) throw new Error(`${recorded.type} (in ${recorded.streamId}) is not an event of ${start}`);
    return recorded;
  };
  const events = (recorded: readonly RecordedEvent[] | undefined) => (recorded ?? []).map(event);
  const id = (value: Key) => start + key.format(value);
  return {
    prefix,
    id,
    parse: (streamId) => {
      const value = keyOf(streamId);
      if (value === undefined) throw new Error(`${streamId} is not a ${start}{key} stream`);
      return value;
    },
    holds: (streamId) => keyOf(streamId) !== undefined,
    event,
    events,
    history: (histories, value) => events(histories[id(value)]),
  };
};
