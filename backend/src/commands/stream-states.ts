import type { Decider, Position, RecordedEvent, StreamKind } from "@el/domain";
import type { EventStore } from "../event-store";

/** How the streams of one kind fold into their decider's state: one per kind and decider, which the cache keys on. */
export interface Fold<State> {
  initialState: () => State;
  evolve: (state: State, recorded: RecordedEvent) => State;
}

/** One stream as a command reads it: its id and how it folds. */
export interface StreamOf<State> {
  streamId: string;
  fold: Fold<State>;
  /**
   * Named by an id just drawn from the id sequence, so empty: nothing to read. Were it not, the append
   * at `no_stream` would fail and the command would read it on its next attempt.
   */
  fresh?: boolean;
}

/** A stream's state as of a version. */
export interface Folded<State> {
  state: State;
  /** 0 for a stream with no event yet. */
  version: number;
  /** Where its last event is (undefined with none): a command that appends nothing waits for it. */
  last: Position | undefined;
}

/** One fold per kind and decider, however often `foldOf` is called for them, so the cache finds its states. */
const folds = new WeakMap<object, WeakMap<object, Fold<unknown>>>();

/**
 * The streams of a kind folded with a decider: `const lessonState = foldOf(lessonStreams, lessonDecider)`,
 * then `lessonState(42)` names `lesson-42` to `executeOnStates` or `app.streamStates.read`.
 */
export const foldOf = <Key, Event extends { type: string; data: unknown }, State>(
  streams: StreamKind<Key, Event>,
  decider: Pick<Decider<never, Event, State>, "initialState" | "evolve">,
) => {
  const ofKind = folds.get(streams) ?? new WeakMap<object, Fold<unknown>>();
  folds.set(streams, ofKind);
  const fold = (ofKind.get(decider) as Fold<State> | undefined) ?? {
    initialState: decider.initialState,
    evolve: (state: State, recorded: RecordedEvent) => decider.evolve(state, streams.event(recorded)),
  };
  ofKind.set(decider, fold as Fold<unknown>);
  return (key: Key, options: { fresh?: boolean } = {}): StreamOf<State> => ({
    streamId: streams.id(key),
    fold,
    fresh: options.fresh,
  });
};

/** Streams by name, one or a list under each: what a command reads. */
export type NamedStreams = Record<string, { streamId: string } | readonly { streamId: string }[]>;
/** The state of a named stream, or the states of a named list of them. */
export type StateOf<Named> =
  Named extends StreamOf<infer State> ? State : Named extends readonly StreamOf<infer State>[] ? State[] : never;
type FoldedOf<Named> =
  Named extends StreamOf<infer State>
    ? Folded<State>
    : Named extends readonly StreamOf<infer State>[]
      ? Folded<State>[]
      : never;

interface Entry {
  fold: Fold<unknown>;
  folded: Folded<unknown>;
}

/** How many folded streams a process keeps; the least recently used go first. */
const DEFAULT_CAPACITY = 5_000;

/**
 * Folded states of the streams commands read, kept between commands: a command reads only the events
 * stored since the state it finds here (one statement for all its streams), so a student with two years
 * of lessons costs what a new one does. Always correct with several processes, since reading the newer
 * events is what brings a state up to date and every decision appends at the version it was read at.
 */
export const createStreamStates = (store: EventStore, options: { capacity?: number } = {}) => {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const entries = new Map<string, Entry>();

  const cached = (stream: StreamOf<unknown>): Folded<unknown> | undefined => {
    const entry = entries.get(stream.streamId);
    if (!entry || entry.fold !== stream.fold) return undefined;
    entries.delete(stream.streamId);
    entries.set(stream.streamId, entry);
    return entry.folded;
  };

  const keep = (stream: StreamOf<unknown>, folded: Folded<unknown>) => {
    const entry = entries.get(stream.streamId);
    // Two commands may read one stream at once: the later version wins, whichever answers last.
    if (entry && entry.fold === stream.fold && entry.folded.version >= folded.version) return;
    entries.delete(stream.streamId);
    entries.set(stream.streamId, { fold: stream.fold, folded });
    if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
  };

  /** Brings one stream's state up to date with the events read after the version it was at. */
  const advance = (stream: StreamOf<unknown>, start: Folded<unknown> | undefined, events: RecordedEvent[]) => {
    const from = start ?? { state: stream.fold.initialState(), version: 0, last: undefined };
    const last = events.at(-1);
    if (!last) return from;
    const folded: Folded<unknown> = {
      state: events.reduce(stream.fold.evolve, from.state),
      version: last.streamVersion,
      last: { transactionId: last.transactionId, globalPosition: last.globalPosition },
    };
    keep(stream, folded);
    return folded;
  };

  /** Per stream, the end of the queue of commands of this process waiting to work on it. */
  const queues = new Map<string, Promise<void>>();

  return {
    /**
     * Waits until no other command of this process works on any of these streams, and keeps them until
     * `release` is called. Commands on one stream then take turns instead of racing: each reads what the
     * one before it wrote and appends at once, where racing would make all but one read and decide again.
     * Streams are taken in one order, so two commands never each hold one the other waits for.
     */
    async lock(streamIds: readonly string[]): Promise<() => void> {
      const releases: (() => void)[] = [];
      for (const streamId of [...new Set(streamIds)].sort()) {
        const before = queues.get(streamId);
        let release = () => {};
        const turn = new Promise<void>((resolve) => {
          release = resolve;
        });
        const end = (before ?? Promise.resolve()).then(() => turn);
        queues.set(streamId, end);
        releases.push(() => {
          release();
          if (queues.get(streamId) === end) queues.delete(streamId);
        });
        await before;
      }
      return () => {
        for (const release of releases) release();
      };
    },

    /**
     * The states of the streams named (`{ lesson: lessonState(42), slots: [slotState(a), slotState(b)] }`),
     * read in one statement, so as of one snapshot. `fresh` streams are not read, unless `readFresh` (a
     * retry after such a stream turned out to exist).
     */
    async read<Streams extends NamedStreams>(
      streams: Streams,
      options: { readFresh?: boolean } = {},
    ): Promise<{ [Name in keyof Streams]: FoldedOf<Streams[Name]> }> {
      const all = Object.values(streams).flat() as StreamOf<unknown>[];
      const known = new Map(all.map((stream) => [stream.streamId, cached(stream)]));
      const after: Record<string, number> = {};
      for (const stream of all) {
        if (options.readFresh || !stream.fresh) after[stream.streamId] = known.get(stream.streamId)?.version ?? 0;
      }
      const newer = Object.keys(after).length > 0 ? await store.readStreams(Object.keys(after), after) : {};
      const folded = new Map(
        all.map((stream) => [
          stream.streamId,
          advance(stream, known.get(stream.streamId), newer[stream.streamId] ?? []),
        ]),
      );
      const stateOf = (stream: StreamOf<unknown>) => folded.get(stream.streamId) as Folded<unknown>;
      return Object.fromEntries(
        Object.entries(streams).map(([name, named]) => [
          name,
          Array.isArray(named) ? named.map(stateOf) : stateOf(named as StreamOf<unknown>),
        ]),
      ) as { [Name in keyof Streams]: FoldedOf<Streams[Name]> };
    },
  };
};

export type StreamStates = ReturnType<typeof createStreamStates>;
