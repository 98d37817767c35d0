import { channel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import type { Decider, NewEvent, Position, RecordedEvent, StreamKind } from "@el/domain";
import { comparePositions, DomainError } from "@el/domain";
import type { FastifyInstance } from "fastify";
import { type AppendResult, type ExpectedVersion, WrongExpectedVersion } from "../event-store";
import { Unavailable } from "../http/unavailable";
import { foldOf, type NamedStreams, type ReadState, type StateOf, type StreamOf } from "./stream-states";

export interface CommandContext {
  /** Who sent the command (user id), recorded in every event's metadata. */
  userId?: string;
  /** Makes the command idempotent: a retry with the same id is answered with the first result. */
  commandId?: string;
  correlationId?: string;
  /**
   * False: answer as soon as the events are stored, without waiting for the read models; the next request
   * of this process waits for them instead (`app.pendingWrites`, unless its route says `waitForWrites:
   * false`). For commands whose answer is built from their own decision, on routes that read no read model.
   * Only while this process is the store's only one (`othersKnown`): with another instance, which may serve
   * the next read, the command waits as any other does. And only while the read models keep within
   * `PROJECTION_LAG_LIMIT_MS` of such writes (`pendingWrites.behind`): past it, it waits until they catch up.
   */
  waitForReadModels?: boolean;
}

// An event may name its id and its own metadata (a cause among the events of the same decision).
type DomainEvent = Pick<NewEvent, "type" | "data" | "eventId" | "metadata">;

export interface Decision<Result> {
  /** Events to append, per stream; streams with no event are left alone. */
  appends: { streamId: string; events: DomainEvent[] }[];
  result: Result;
}

/** What a command answers once its events are stored (or it had nothing new to store). */
export interface Committed<Result> {
  result: Result;
  /**
   * Whether the read models it affects show it. False when one of them is slow (the wait ran out) or
   * stalled: the command happened all the same, so its answer is built from `result`, or is a 202 with
   * where to read it later (`readBack`), never an error that would make a client send it again. Always
   * false for a command that did not wait (`waitForReadModels: false`).
   */
  projected: boolean;
}

/** What one attempt read: what `decide` sees, each stream's version, and the last event among them. */
interface Read<View> {
  view: View;
  versions: Record<string, number>;
  seen: Position | undefined;
  /**
   * Streams whose kept state was taken without reading them: a decision may stand on them only if it
   * appends to each of them (at the version kept, which the store checks); any other is decided again
   * on what the store holds.
   */
  unread: readonly string[];
  /** Whether it went to the store (not when every stream was kept or fresh). */
  readStore: boolean;
  /** Tells the kept states of what the append stored. */
  appended?: (appended: AppendResult) => void;
}

/**
 * Where one command's time went, ms: waiting for its streams (other commands of this process on them),
 * reading them, deciding, appending (the pauses after lost races included), and waiting for the read
 * models. Published on the `el:command` diagnostics channel while someone subscribes (`bench:commands`
 * does), at no cost otherwise.
 */
export interface CommandPhases {
  lock: number;
  read: number;
  decide: number;
  append: number;
  project: number;
  /** Reads of the store (0 when it decided on kept states alone). */
  reads: number;
  attempts: number;
}
export const commandPhases = channel("el:command");

/** The pause before the next attempt after a lost race: random, so racers stop meeting, and growing. */
const backoffMs = (attempt: number) => Math.random() * Math.min(100, 2 ** attempt);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const expectedOf = (version: number): ExpectedVersion => (version === 0 ? "no_stream" : version);

/**
 * Reads the streams a command touches, lets `decide` see them, and appends its events to all of them in
 * one statement, each at the version that was read. Commands of this process on the same stream take
 * turns (`streamStates.lock`); when another process wrote in between, it pauses a random, growing
 * moment, reads again and decides again, so the loser of a race gets the business answer ("no credits
 * left", "already claimed") rather than a technical one; only a command still losing after
 * `commandRetryMs` gives up, with a 503 and when to try again. Answers once the read models caught up,
 * or once waiting for them ran out: stored is done, and the answer says whether they show it yet.
 *
 * A command id (Idempotency-Key) is checked where it costs nothing: the append answers a command already
 * stored with its first result instead of storing it again; and since deciding again on the state the
 * first run changed may refuse it ("no credits left"), a refusal looks for a first run before it is sent.
 */
const execute = async <View, Result>(
  app: FastifyInstance,
  streamIds: readonly string[],
  read: (attempt: number, trustKept: boolean) => Promise<Read<View>>,
  decide: (view: View) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext,
): Promise<Committed<Result>> => {
  const phases: CommandPhases = { lock: 0, read: 0, decide: 0, append: 0, project: 0, reads: 0, attempts: 0 };
  let mark = performance.now();
  const took = (phase: "lock" | "read" | "decide" | "append" | "project") => {
    const now = performance.now();
    phases[phase] += now - mark;
    mark = now;
  };
  // The streams are this command's from its read to its append; the wait for the read models is not.
  const release = await app.streamStates.lock(streamIds);
  took("lock");
  let decided: Decided<Result>;
  try {
    decided = await decideAndAppend(app, read, decide, context, phases, took);
  } finally {
    release();
  }
  let projected = true;
  // Deferred only while no other process is known: another instance serving this client's next read
  // would not know of this write until it hears of it, a few milliseconds after the answer. And not while
  // the read models lag this process's deferred writes by more than the limit: the writer waits again.
  if (
    decided.waitFor &&
    context.waitForReadModels === false &&
    !app.eventStore.othersKnown() &&
    !app.pendingWrites.behind
  ) {
    app.pendingWrites.note(decided.waitFor, decided.projectors);
    projected = false;
  } else if (decided.waitFor) projected = await app.projections.waitFor(decided.waitFor, decided.projectors);
  took("project");
  if (commandPhases.hasSubscribers) commandPhases.publish(phases);
  return { result: decided.result, projected };
};

/** A command's answer, and the position (and projectors) the read models must reach before it is sent. */
interface Decided<Result> {
  result: Result;
  waitFor: Position | undefined;
  projectors?: string[];
}

const decideAndAppend = async <View, Result>(
  app: FastifyInstance,
  read: (attempt: number, trustKept: boolean) => Promise<Read<View>>,
  decide: (view: View) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext,
  phases: CommandPhases,
  took: (phase: "read" | "decide" | "append") => void,
): Promise<Decided<Result>> => {
  const giveUpAt = Date.now() + app.config.commandRetryMs;
  const earlier = async () => {
    const stored = context.commandId ? await app.eventStore.commandResult<Result>(context.commandId) : undefined;
    return stored && { result: stored.result as Result, waitFor: stored.lastPosition };
  };
  // The first attempt may decide on kept states without reading them; a refusal, or a decision that
  // leaves one of them alone, is made again on what the store holds before it is answered.
  let trustKept = true;
  for (let attempt = 1; ; attempt++) {
    const { view, versions, seen, unread, readStore, appended: tellKept } = await read(attempt, trustKept);
    phases.attempts++;
    if (readStore) phases.reads++;
    took("read");
    trustKept = false;
    let decision: Decision<Result>;
    try {
      decision = await decide(view);
      took("decide");
    } catch (error) {
      took("decide");
      if (error instanceof DomainError) {
        if (unread.length > 0) continue;
        const first = await earlier();
        if (first) return first;
      }
      throw error;
    }
    const appends = decision.appends.filter((append) => append.events.length > 0);
    if (unread.some((streamId) => !appends.some((append) => append.streamId === streamId))) continue;
    if (appends.length === 0) {
      const first = await earlier();
      if (first) return first;
      // Nothing new to do (a repeated claim, say), but what the command saw may be a concurrent write
      // that the read models have not caught up with yet: the answer waits for it, as after an append.
      return { result: decision.result, waitFor: seen };
    }
    try {
      const appended = await app.eventStore.appendMany<Result>(
        appends.map(({ streamId, events }) => ({
          streamId,
          events,
          expectedVersion: expectedOf(versions[streamId] ?? 0),
        })),
        {
          commandId: context.commandId,
          result: decision.result,
          metadata: { userId: context.userId, correlationId: context.correlationId },
        },
      );
      took("append");
      if (appended.duplicate) return { result: appended.result as Result, waitFor: appended.lastPosition };
      tellKept?.(appended);
      const types = appends.flatMap((append) => append.events.map((event) => event.type));
      return {
        result: appended.result as Result,
        waitFor: appended.lastPosition,
        projectors: app.projections.projectorsHandling(types),
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (Date.now() >= giveUpAt) throw new Unavailable(1, `still losing races on ${error.streamId} after ${attempt}`);
      await sleep(backoffMs(attempt));
      took("append");
    }
  }
};

const lastOf = (positions: (Position | undefined)[]) =>
  positions
    .filter((position): position is Position => position !== undefined)
    .sort(comparePositions)
    .at(-1);

/**
 * A command on the states of the streams it names (`{ student: studentState(7), slots: [slotState(…)] }`):
 * `decide` gets each state, folded by its decider from the events stored since the state the process
 * kept, so a long history is not folded again on every command.
 */
export const executeOnStates = async <Streams extends NamedStreams, Result>(
  app: FastifyInstance,
  streams: Streams,
  decide: (states: { [Name in keyof Streams]: StateOf<Streams[Name]> }) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext = {},
): Promise<Committed<Result>> =>
  execute(
    app,
    (Object.values(streams).flat() as StreamOf<unknown>[]).map((stream) => stream.streamId),
    async (attempt, trustKept) => {
      // A `fresh` stream assumed empty on the first attempt is read on the next, should it have existed.
      const folded = await app.streamStates.read(streams, { readFresh: attempt > 1, trustKept });
      const all = Object.values(folded).flat() as ReadState<unknown>[];
      const named = Object.values(streams).flat() as StreamOf<unknown>[];
      const streamIds = named.map((stream) => stream.streamId);
      return {
        view: Object.fromEntries(
          Object.entries(folded).map(([name, read]) => [
            name,
            Array.isArray(read) ? read.map((one) => one.state) : (read as ReadState<unknown>).state,
          ]),
        ) as { [Name in keyof Streams]: StateOf<Streams[Name]> },
        versions: Object.fromEntries(streamIds.map((streamId, index) => [streamId, all[index]?.version ?? 0])),
        seen: lastOf(all.map((stream) => stream.last)),
        unread: streamIds.filter((_, index) => all[index]?.kept),
        readStore: named.some((stream, index) => !all[index]?.kept && (!stream.fresh || attempt > 1)),
        appended: ({ recorded }) => {
          named.forEach((stream, index) => {
            const events = recorded.filter((event) => event.streamId === stream.streamId);
            const from = all[index];
            if (events.length > 0 && from) app.streamStates.appended(stream, from, events);
          });
        },
      };
    },
    decide,
    context,
  );

/**
 * A command on the whole histories of the streams it names, for decisions that look at the events
 * themselves rather than at a decider's state.
 */
export const executeOnStreams = async <Result>(
  app: FastifyInstance,
  streamIds: string[],
  decide: (histories: Record<string, RecordedEvent[]>) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext = {},
): Promise<Committed<Result>> =>
  execute(
    app,
    streamIds,
    async () => {
      const histories = await app.eventStore.readStreams(streamIds);
      const lasts = Object.values(histories).map((history) => history.at(-1));
      return {
        view: histories,
        versions: Object.fromEntries(streamIds.map((id) => [id, histories[id]?.at(-1)?.streamVersion ?? 0])),
        seen: lastOf(
          lasts.map((event) => event && { transactionId: event.transactionId, globalPosition: event.globalPosition }),
        ),
        unread: [],
        readStore: true,
      };
    },
    decide,
    context,
  );

/**
 * The one-stream case: the stream's state (`streams.id(key)`, e.g. `{ streams: levelStreams, key: 4 }`)
 * under the decider, decide, append. Its result is the new events.
 */
export const executeCommand = async <Key, Command, Event extends DomainEvent, State>(
  app: FastifyInstance,
  stream: { streams: StreamKind<Key, Event>; key: Key },
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext = {},
): Promise<Committed<Event[]>> => {
  const target = foldOf(stream.streams, decider)(stream.key);
  return executeOnStates(
    app,
    { target },
    ({ target: state }) => {
      const events = decider.decide(command, state);
      return { appends: [{ streamId: target.streamId, events }], result: events };
    },
    context,
  );
};
