import { conflict, type Decider, notFound, type RecordedEvent, stateFrom } from "@el/domain";
import {
  type AccountCommand,
  type AccountCore,
  adminAccountDecider,
  emailReservationDecider,
  emailStreamId,
  loginReservationDecider,
  loginStreamId,
  type ReservationCommand,
  studentAccountDecider,
  teacherAccountDecider,
} from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, type Committed, type Decision, executeOnStreams } from "../../commands/execute";

type AccountEventLike = { type: string; data: unknown };
type AnyAccountState = { status: string; account?: AccountCore };
type AccountDecider = Decider<AccountCommand, AccountEventLike, AnyAccountState>;

/** The decider of an account stream, by its prefix: student-{id}, teacher-{id}, admin-{login}. */
export const deciderOf = (streamId: string): AccountDecider => {
  const kind = streamId.slice(0, streamId.indexOf("-"));
  const decider =
    kind === "student"
      ? studentAccountDecider
      : kind === "teacher"
        ? teacherAccountDecider
        : kind === "admin"
          ? adminAccountDecider
          : undefined;
  if (!decider) throw new Error(`${streamId} is not an account stream`);
  // Every account decider takes the shared account commands; only they are sent through here.
  return decider as unknown as AccountDecider;
};

export const accountOf = (streamId: string, history: readonly RecordedEvent[]): AccountCore => {
  const state = stateFrom(deciderOf(streamId), history as unknown as AccountEventLike[]);
  if (!state.account) throw notFound();
  return state.account;
};

/** Decides commands one after the other, each seeing the events of the ones before. */
export const decideInTurn = <Command, Event, State>(
  decider: Decider<Command, Event, State>,
  history: readonly Event[],
  commands: Command[],
): Event[] => {
  const events: Event[] = [];
  let state = stateFrom(decider, history);
  for (const command of commands) {
    const decided = decider.decide(command, state);
    state = decided.reduce(decider.evolve, state);
    events.push(...decided);
  }
  return events;
};

/** Reserve or release an e-mail or login: the appends for its stream. */
export const reservation = (
  kind: "email" | "login",
  value: string,
  command: ReservationCommand,
  histories: Record<string, RecordedEvent[]>,
) => {
  const streamId = kind === "email" ? emailStreamId(value) : loginStreamId(value);
  const decider = kind === "email" ? emailReservationDecider : loginReservationDecider;
  const history = (histories[streamId] ?? []) as unknown as Parameters<typeof decider.evolve>[1][];
  return { streamId, events: decider.decide(command, stateFrom(decider, history)) };
};

/**
 * Runs shared account commands on one account stream. `before` may read the account first (to verify a
 * password, say) and name more commands; an e-mail change moves the e-mail's reservation in the same append.
 */
export const executeOnAccount = async <Result = AccountEventLike[]>(
  app: FastifyInstance,
  streamId: string,
  commands: (account: AccountCore) => AccountCommand[] | Promise<AccountCommand[]>,
  context: CommandContext = {},
  options: { newEmail?: string; result?: (events: AccountEventLike[], account: AccountCore) => Result } = {},
): Promise<Committed<Result>> => {
  const decider = deciderOf(streamId);
  const account = accountOf(streamId, await app.eventStore.readStream(streamId));
  const oldEmail = account.profile.email;
  const movesEmail = options.newEmail !== undefined && emailStreamId(options.newEmail) !== emailStreamId(oldEmail);
  const streams = movesEmail
    ? [streamId, emailStreamId(options.newEmail as string), emailStreamId(oldEmail)]
    : [streamId];
  return executeOnStreams(
    app,
    streams,
    async (histories): Promise<Decision<Result>> => {
      const history = (histories[streamId] ?? []) as unknown as AccountEventLike[];
      const current = accountOf(streamId, histories[streamId] ?? []);
      // The e-mail streams were chosen from an earlier read; if the e-mail moved since, start over.
      if (current.profile.email !== oldEmail) throw conflict();
      const events = decideInTurn(decider, history, await commands(current));
      const appends = [{ streamId, events }];
      if (movesEmail && events.length > 0) {
        appends.push(reservation("email", options.newEmail as string, { type: "Reserve", owner: streamId }, histories));
        appends.push(reservation("email", oldEmail, { type: "Release", owner: streamId }, histories));
      }
      return { appends, result: options.result ? options.result(events, current) : (events as Result) };
    },
    context,
  );
};
