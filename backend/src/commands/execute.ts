import type { Decider, NewEvent, RecordedEvent, StreamKind } from "@el/domain";
import { comparePositions, stateFrom } from "@el/domain";
import type { FastifyInstance } from "fastify";
import { WrongExpectedVersion } from "../event-store";

export interface CommandContext {
  /** Who sent the command (user id), recorded in every event's metadata. */
  userId?: string;
  /** Makes the command idempotent: a retry with the same id is answered with the first result. */
  commandId?: string;
  correlationId?: string;
}

type DomainEvent = Pick<NewEvent, "type" | "data">;

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
   * where to read it later (`readBack`), never an error that would make a client send it again.
   */
  projected: boolean;
}

const MAX_ATTEMPTS = 5;

/**
 * Reads the streams a command touches, lets `decide` see their histories, and appends its events to all
 * of them atomically, each at the version that was read. When another command wrote in between, it
 * reads again and decides again, so the loser of a race gets the business answer ("no credits left",
 * "already claimed") rather than a technical one. Answers once the read models caught up, or once waiting
 * for them ran out: stored is done, and the answer says whether they show it yet.
 */
export const executeOnStreams = async <Result>(
  app: FastifyInstance,
  streamIds: string[],
  decide: (histories: Record<string, RecordedEvent[]>) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext = {},
): Promise<Committed<Result>> => {
  for (let attempt = 1; ; attempt++) {
    // A retry of a command that already ran gets its first answer: deciding again could refuse it on the
    // very state it changed ("no credits left" after its own credit was spent).
    const earlier = context.commandId ? await app.eventStore.commandResult<Result>(context.commandId) : undefined;
    if (earlier) {
      return { result: earlier.result as Result, projected: await app.projections.waitFor(earlier.lastPosition) };
    }
    const histories = await app.eventStore.readStreams(streamIds);
    const decision = await decide(histories);
    const appends = decision.appends.filter((append) => append.events.length > 0);
    if (appends.length === 0) {
      // Nothing new to do (a repeated claim, say), but what the command saw may be a concurrent write
      // that the read models have not caught up with yet: the answer waits for it, as after an append.
      const seen = Object.values(histories)
        .map((history) => history.at(-1))
        .filter((event): event is RecordedEvent => event !== undefined)
        .sort(comparePositions)
        .at(-1);
      return { result: decision.result, projected: seen ? await app.projections.waitFor(seen) : true };
    }
    try {
      const appended = await app.eventStore.appendMany<Result>(
        appends.map(({ streamId, events }) => {
          const known = histories[streamId] ?? [];
          return {
            streamId,
            events,
            expectedVersion:
              known.length === 0 ? "no_stream" : (known[known.length - 1] as RecordedEvent).streamVersion,
          };
        }),
        {
          commandId: context.commandId,
          result: decision.result,
          metadata: { userId: context.userId, correlationId: context.correlationId },
        },
      );
      const types = appends.flatMap((append) => append.events.map((event) => event.type));
      const projected = await app.projections.waitFor(appended.lastPosition, app.projections.projectorsHandling(types));
      return { result: appended.result as Result, projected };
    } catch (error) {
      if (error instanceof WrongExpectedVersion && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};

/**
 * The one-stream case: fold the stream (`streams.id(key)`, e.g. `{ streams: levelStreams, key: 4 }`) with
 * the decider, decide, append. Its result is the new events.
 */
export const executeCommand = async <Key, Command, Event extends DomainEvent, State>(
  app: FastifyInstance,
  stream: { streams: StreamKind<Key, Event>; key: Key },
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext = {},
): Promise<Committed<Event[]>> => {
  const streamId = stream.streams.id(stream.key);
  return executeOnStreams(
    app,
    [streamId],
    (histories) => {
      const state = stateFrom(decider, stream.streams.history(histories, stream.key));
      const events = decider.decide(command, state);
      return { appends: [{ streamId, events }], result: events };
    },
    context,
  );
};
