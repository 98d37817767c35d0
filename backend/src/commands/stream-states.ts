import type { Decider, Position, RecordedEvent, SnapshotCodec, StreamKind } from "@el/domain";
import type { EventStore } from "../event-store";
import type { Snapshots } from "./snapshots";
import type { StreamChanges } from "./stream-changes";

/** How the streams of one kind fold into their decider's state: one per kind and decider, which the cache keys on. */
export interface Fold<State> {
  initialState: () => State;
  evolve: (state: State, recorded: RecordedEvent) => State;
  /** The decider's snapshot codec, for streams that grow long. */
  snapshot?: SnapshotCodec<State>;
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
  decider: Pick<Decider<never, Event, State>, "initialState" | "evolve" | "snapshot">,
) => {
  const ofKind = folds.get(streams) ?? new WeakMap<object, Fold<unknown>>();
  folds.set(streams, ofKind);
  const fold = (ofKind.get(decider) as Fold<State> | undefined) ?? {
    initialState: decider.initialState,
    evolve: (state: State, recorded: RecordedEvent) => decider.evolve(state, streams.event(recorded)),
    snapshot: decider.snapshot,
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
type ReadStateOf<Named> =
  Named extends StreamOf<infer State>
    ? ReadState<State>
    : Named extends readonly StreamOf<infer State>[]
      ? ReadState<State>[]
      : never;

interface Entry {
  fold: Fold<unknown>;
  folded: Folded<unknown>;
  /** The highest version this process has heard the stream reach (0: none since it was kept). */
  heard: number;
}

/** A stream's state as a command reads it: `kept` when it is the state kept, taken as it was without a read. */
export type ReadState<State> = Folded<State> & { kept: boolean };

/** How many folded streams a process keeps; the least recently used go first. */
const DEFAULT_CAPACITY = 5_000;
/** How many events a read folds before its state is worth a snapshot (streams whose decider has a codec). */
const DEFAULT_SNAPSHOT_EVERY = 100;

/**
 * Folded states of the streams commands read, kept between commands: a command reads only the events
 * stored since the state it finds here (one statement for all its streams), so a student with two years
 * of lessons costs what a new one does. Always correct with several processes, since reading the newer
 * events is what brings a state up to date and every decision appends at the version it was read at.
 *
 * With `changes`, it also knows which kept states are still the stream's latest as far as this process
 * has heard (every append of its own, other processes' a few ms after theirs): a command may then decide
 * on such a state without reading at all (`trustKept`), since its append at that version is refused if
 * another process wrote in between, and the command then reads and decides again.
 */
export const createStreamStates = (
  store: EventStore,
  options: {
    capacity?: number;
    changes?: StreamChanges;
    /**
     * Where states of long streams are kept between processes: a stream this process has not kept is
     * read from its snapshot on, and a read that folded `snapshotEvery` events or more leaves a new one.
     */
    snapshots?: Snapshots;
    snapshotEvery?: number;
    /** A snapshot that could not be stored (it only costs a longer read later). */
    onSnapshotError?: (error: unknown) => void;
  } = {},
) => {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
  const { changes, snapshots } = options;
  const entries = new Map<string, Entry>();
  /** Streams being read, with the highest version heard while the read was under way. */
  const reading = new Map<string, { readers: number; heard: number }>();
  changes?.subscribe(({ streamId, version }) => {
    const entry = entries.get(streamId);
    if (entry) entry.heard = Math.max(entry.heard, version);
    const read = reading.get(streamId);
    if (read) read.heard = Math.max(read.heard, version);
  });

  const cached = (stream: StreamOf<unknown>): Entry | undefined => {
    const entry = entries.get(stream.streamId);
    if (!entry || entry.fold !== stream.fold) return undefined;
    entries.delete(stream.streamId);
    entries.set(stream.streamId, entry);
    return entry;
  };
  /** Whether a kept state is the stream's latest as far as this process can tell. */
  const latest = (entry: Entry | undefined): entry is Entry =>
    changes !== undefined && entry !== undefined && entry.heard <= entry.folded.version && !changes.behind();

  const keep = (stream: StreamOf<unknown>, folded: Folded<unknown>, heard = 0) => {
    const entry = entries.get(stream.streamId);
    // Two commands may read one stream at once: the later version wins, whichever answers last.
    if (entry && entry.fold === stream.fold && entry.folded.version >= folded.version) return;
    entries.delete(stream.streamId);
    entries.set(stream.streamId, {
      fold: stream.fold,
      folded,
      heard: Math.max(heard, entry?.fold === stream.fold ? entry.heard : 0),
    });
    if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
  };

  /** Brings one stream's state up to date with the events read after the version it was at. */
  const advance = (
    stream: StreamOf<unknown>,
    start: Folded<unknown> | undefined,
    events: readonly RecordedEvent[],
    heard = 0,
  ) => {
    const from = start ?? { state: stream.fold.initialState(), version: 0, last: undefined };
    const last = events.at(-1);
    if (!last) return from;
    const folded: Folded<unknown> = {
      state: events.reduce(stream.fold.evolve, from.state),
      version: last.streamVersion,
      last: { transactionId: last.transactionId, globalPosition: last.globalPosition },
    };
    keep(stream, folded, heard);
    const codec = stream.fold.snapshot;
    if (snapshots && codec && events.length >= snapshotEvery) {
      // Off the command's path: the answer does not wait for it, and a failure only costs time later.
      void snapshots
        .save(stream.streamId, codec.name, {
          version: folded.version,
          last: folded.last as Position,
          state: codec.encode(folded.state),
        })
        .catch((error: unknown) => options.onSnapshotError?.(error));
    }
    return folded;
  };

  /**
   * The newer events of the streams to read, in one statement; those read from their first event whose
   * decider has a codec start from their snapshot when one was taken (`starts`, and their events after it).
   */
  const readNewer = async (
    streams: readonly StreamOf<unknown>[],
    toRead: readonly string[],
    after: Readonly<Record<string, number>>,
  ) => {
    const starts = new Map<string, Folded<unknown>>();
    const wanted = streams.filter(
      (stream) => stream.fold.snapshot && after[stream.streamId] === 0 && !stream.fresh,
    ) as (StreamOf<unknown> & { fold: { snapshot: SnapshotCodec<unknown> } })[];
    if (!snapshots || wanted.length === 0) return { starts, newer: await store.readStreams(toRead, after) };
    const read = await store.readStreamsFromSnapshots(
      toRead,
      after,
      Object.fromEntries(wanted.map((stream) => [stream.streamId, stream.fold.snapshot.name])),
    );
    for (const stream of wanted) {
      const snapshot = read.snapshots.get(stream.streamId);
      if (!snapshot) continue;
      starts.set(stream.streamId, {
        state: stream.fold.snapshot.decode(snapshot.state),
        version: snapshot.version,
        last: snapshot.last,
      });
    }
    return { starts, newer: read.events };
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
     * retry after such a stream turned out to exist). With `trustKept`, a kept state this process has heard
     * of no newer event for is taken as it is, unread (`kept: true`): for a decision that appends to it
     * at that version, which the store refuses should it not be the latest after all.
     */
    async read<Streams extends NamedStreams>(
      streams: Streams,
      options: { readFresh?: boolean; trustKept?: boolean } = {},
    ): Promise<{ [Name in keyof Streams]: ReadStateOf<Streams[Name]> }> {
      const all = Object.values(streams).flat() as StreamOf<unknown>[];
      const known = new Map(all.map((stream) => [stream.streamId, cached(stream)]));
      const after: Record<string, number> = {};
      const unread = new Set<string>();
      for (const stream of all) {
        const entry = known.get(stream.streamId);
        if (options.trustKept && latest(entry)) unread.add(stream.streamId);
        else if (options.readFresh || !stream.fresh) after[stream.streamId] = entry?.folded.version ?? 0;
      }
      const toRead = Object.keys(after);
      for (const streamId of toRead) {
        const read = reading.get(streamId) ?? { readers: 0, heard: 0 };
        read.readers++;
        reading.set(streamId, read);
      }
      let newer: Record<string, RecordedEvent[]> = {};
      let starts = new Map<string, Folded<unknown>>();
      const heard = new Map<string, number>();
      try {
        if (toRead.length > 0) {
          ({ starts, newer } = await readNewer(
            all.filter((stream) => !known.get(stream.streamId)),
            toRead,
            after,
          ));
        }
      } finally {
        for (const streamId of toRead) {
          const read = reading.get(streamId) as { readers: number; heard: number };
          heard.set(streamId, read.heard);
          if (--read.readers === 0) reading.delete(streamId);
        }
      }
      const folded = new Map<string, ReadState<unknown>>(
        all.map((stream) => {
          const entry = known.get(stream.streamId);
          if (unread.has(stream.streamId)) return [stream.streamId, { ...(entry as Entry).folded, kept: true }];
          const start = entry?.folded ?? starts.get(stream.streamId);
          const events = newer[stream.streamId] ?? [];
          // A snapshot with nothing after it is kept as it is; `advance` keeps what it folded.
          if (!entry && start && events.length === 0) keep(stream, start, heard.get(stream.streamId));
          const state = advance(stream, start, events, heard.get(stream.streamId));
          return [stream.streamId, { ...state, kept: false }];
        }),
      );
      const stateOf = (stream: StreamOf<unknown>) => folded.get(stream.streamId) as ReadState<unknown>;
      return Object.fromEntries(
        Object.entries(streams).map(([name, named]) => [
          name,
          Array.isArray(named) ? named.map(stateOf) : stateOf(named as StreamOf<unknown>),
        ]),
      ) as { [Name in keyof Streams]: ReadStateOf<Streams[Name]> };
    },

    /**
     * A command appended `events` to `stream`, at the version of the state `from` it decided on: the state
     * kept for it moves past them without a read, if it is still the one kept (or an older one).
     */
    appended(stream: StreamOf<unknown>, from: Folded<unknown>, events: readonly RecordedEvent[]) {
      const entry = entries.get(stream.streamId);
      if (!entry || entry.fold !== stream.fold || events[0]?.streamVersion !== from.version + 1) return;
      advance(stream, from, events);
    },
  };
};

export type StreamStates = ReturnType<typeof createStreamStates>;
