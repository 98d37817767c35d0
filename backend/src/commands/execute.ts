import type { Decider, NewEvent, RecordedEvent } from "@el/domain";
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

const MAX_ATTEMPTS = 5;

/**
 * Reads the streams a command touches, lets `decide` see their histories, and appends its events to all
 * of them atomically, each at the version that was read. When another command wrote in between, it
 * reads again and decides again, so the loser of a race gets the business answer ("no credits left",
 * "already claimed") rather than a technical one. Answers once the read models caught up.
 */
export const executeOnStreams = async <Result>(
  app: FastifyInstance,
  streamIds: string[],
  decide: (histories: Record<string, RecordedEvent[]>) => Decision<Result> | Promise<Decision<Result>>,
  context: CommandContext = {},
): Promise<Result> => {
  for (let attempt = 1; ; attempt++) {
    // A retry of a command that already ran gets its first answer: deciding again could refuse it on the
    // very state it changed ("no credits left" after its own credit was spent).
    const earlier = context.commandId ? await app.eventStore.commandResult<Result>(context.commandId) : undefined;
    if (earlier) {
      await app.projections.waitFor(earlier.lastPosition);
      return earlier.result as Result;
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
      if (seen) await app.projections.waitFor(seen);
      return decision.result;
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
      await app.projections.waitFor(appended.lastPosition, app.projections.projectorsHandling(types));
      return appended.result as Result;
    } catch (error) {
      if (error instanceof WrongExpectedVersion && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};

/** The one-stream case: fold the stream with the decider, decide, append. Returns the new events. */
export const executeCommand = async <Command, Event extends DomainEvent, State>(
  app: FastifyInstance,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext = {},
): Promise<Event[]> =>
  executeOnStreams(
    app,
    [streamId],
    (histories) => {
      const state = stateFrom(decider, (histories[streamId] ?? []) as unknown as Event[]);
      const events = decider.decide(command, state);
      return { appends: [{ streamId, events }], result: events };
    },
    context,
  );
