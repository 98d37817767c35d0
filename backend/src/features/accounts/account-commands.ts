import { createHash } from "node:crypto";
import { conflict, type Decider, notFound, type RecordedEvent, stateFrom } from "@el/domain";
import {
  type AccountCommand,
  type AccountCore,
  type AccountStreamEvent,
  ADMINISTRATOR_ROSTER,
  adminAccountDecider,
  administratorLeaving,
  adminStreams,
  emailReservationDecider,
  emailStreams,
  loginReservationDecider,
  loginStreams,
  type ReservationCommand,
  studentAccountDecider,
  studentStreams,
  teacherAccountDecider,
  teacherStreams,
} from "@el/domain/accounts/index";
import { activeAdministratorStreams } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, type Committed, type Decision, executeOnStreams } from "../../commands/execute";

type AccountState = { status: string; account?: AccountCore };

/** An account stream's decider, which takes the shared account commands, and its typed events. */
interface AccountStream<Event extends AccountStreamEvent, State extends AccountState> {
  decider: Decider<AccountCommand, Event, State>;
  events: (recorded: readonly RecordedEvent[] | undefined) => Event[];
}

/**
 * Lets `use` work on any account stream (student-{id}, teacher-{id}, admin-{login}) with its own decider
 * and event types: the three differ, so `use` is generic rather than handed one loosened decider.
 */
const onAccountStream = <Result>(
  streamId: string,
  use: <Event extends AccountStreamEvent, State extends AccountState>(stream: AccountStream<Event, State>) => Result,
): Result => {
  if (studentStreams.holds(streamId)) return use({ decider: studentAccountDecider, events: studentStreams.events });
  if (teacherStreams.holds(streamId)) return use({ decider: teacherAccountDecider, events: teacherStreams.events });
  if (adminStreams.holds(streamId)) return use({ decider: adminAccountDecider, events: adminStreams.events });
  throw new Error(`${streamId} is not an account stream`);
};

export const accountOf = (streamId: string, history: readonly RecordedEvent[] | undefined): AccountCore =>
  onAccountStream(streamId, ({ decider, events }) => {
    const state = stateFrom(decider, events(history));
    if (!state.account) throw notFound();
    return state.account;
  });

/** The account as it stands once `decided` (events just decided on it) are stored. */
const accountAfter = (
  streamId: string,
  history: readonly RecordedEvent[] | undefined,
  decided: readonly AccountStreamEvent[],
): AccountCore =>
  onAccountStream(streamId, ({ decider, events }) => {
    const state = stateFrom(decider, [...events(history), ...(decided as unknown as ReturnType<typeof events>)]);
    if (!state.account) throw notFound();
    return state.account;
  });

/**
 * What a change to an administrator's account reads beside it (see `administratorLeaving`): the roster
 * stream and the account of every active administrator. None for an account that does not administer.
 */
export const rosterStreams = async (app: FastifyInstance, account: { authorities: readonly string[] }) =>
  account.authorities.includes("ROLE_ADMIN")
    ? [ADMINISTRATOR_ROSTER, ...(await activeAdministratorStreams(app.db))]
    : [];

/**
 * The roster's append for `decided` on `streamId`, read with `rosterStreams`: refused (400) when it would
 * leave no active administrator; none when the account does not stop administering.
 */
export const rosterAppend = (
  streamId: string,
  decided: readonly AccountStreamEvent[],
  histories: Record<string, RecordedEvent[]>,
  roster: readonly string[],
  by: string,
) => {
  if (roster.length === 0 || decided.length === 0) return [];
  const history = histories[streamId];
  const others = roster
    .filter((other) => other !== ADMINISTRATOR_ROSTER && other !== streamId)
    .map((other) => accountOf(other, histories[other]));
  const events = administratorLeaving(
    { before: accountOf(streamId, history), after: accountAfter(streamId, history, decided), by },
    others,
  );
  return [{ streamId: ADMINISTRATOR_ROSTER, events }];
};

/** The events shared account commands decide on an account stream, in turn (see `decideInTurn`). */
export const decideOnAccount = (
  streamId: string,
  history: readonly RecordedEvent[] | undefined,
  commands: AccountCommand[],
): AccountStreamEvent[] =>
  onAccountStream(streamId, ({ decider, events }) => decideInTurn(decider, events(history), commands));

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

/**
 * The streams that hold an e-mail's or login's reservation: the one named by its digest, where every claim
 * is written since the LGPD migration, and the one named by the value itself, where older claims stay. A stream id
 * outlives an erasure (the audit chain covers it), so a new one never names a person's e-mail (LGPD).
 */
export const reservationStreams = (kind: "email" | "login", value: string): [digest: string, legacy: string] => {
  const streams = kind === "email" ? emailStreams : loginStreams;
  const digest = createHash("sha256").update(value.trim().toLowerCase()).digest("hex");
  return [streams.id(digest), streams.id(value)];
};

/**
 * Reserve or release an e-mail or login: the appends for its streams (read both of `reservationStreams`).
 * A value still claimed in its legacy stream by another account is refused; a new claim goes to the digest's.
 */
export const reservation = (
  kind: "email" | "login",
  value: string,
  command: ReservationCommand,
  histories: Record<string, RecordedEvent[]>,
) => {
  const [streams, decider] =
    kind === "email" ? [emailStreams, emailReservationDecider] : [loginStreams, loginReservationDecider];
  const [digest, legacy] = reservationStreams(kind, value);
  const stateOf = (streamId: string) => stateFrom(decider, streams.events(histories[streamId]));
  const legacyEvents = digest === legacy ? [] : decider.decide(command, stateOf(legacy));
  const claim = { streamId: digest, events: decider.decide(command, stateOf(digest)) };
  // Reserving: the legacy claim was only checked (a refusal throws above); releasing frees both.
  return command.type === "Reserve" ? [claim] : [claim, { streamId: legacy, events: legacyEvents }];
};

/**
 * Runs shared account commands on one account stream. `before` may read the account first (to verify a
 * password, say) and name more commands; an e-mail change moves the e-mail's reservation in the same append.
 */
export const executeOnAccount = async <Result = AccountStreamEvent[]>(
  app: FastifyInstance,
  streamId: string,
  commands: (account: AccountCore) => AccountCommand[] | Promise<AccountCommand[]>,
  context: CommandContext = {},
  options: {
    newEmail?: string;
    result?: (events: AccountStreamEvent[], account: AccountCore) => Result;
    /** `rosterStreams` of the account, when the commands may end its administration. */
    roster?: { streams: readonly string[]; by: string };
  } = {},
): Promise<Committed<Result>> => {
  const account = accountOf(streamId, await app.eventStore.readStream(streamId));
  const oldEmail = account.profile.email;
  const movesEmail = options.newEmail !== undefined && emailStreams.id(options.newEmail) !== emailStreams.id(oldEmail);
  const roster = options.roster?.streams.filter((other) => other !== streamId) ?? [];
  const streams = movesEmail
    ? [streamId, ...reservationStreams("email", options.newEmail as string), ...reservationStreams("email", oldEmail)]
    : [streamId];
  streams.push(...roster);
  return executeOnStreams(
    app,
    streams,
    async (histories): Promise<Decision<Result>> => {
      const current = accountOf(streamId, histories[streamId]);
      // The e-mail streams were chosen from an earlier read; if the e-mail moved since, start over.
      if (current.profile.email !== oldEmail) throw conflict();
      const events = decideOnAccount(streamId, histories[streamId], await commands(current));
      const appends: Decision<Result>["appends"] = [
        { streamId, events },
        ...rosterAppend(streamId, events, histories, roster, options.roster?.by ?? ""),
      ];
      if (movesEmail && events.length > 0) {
        appends.push(
          ...reservation("email", options.newEmail as string, { type: "Reserve", owner: streamId }, histories),
          ...reservation("email", oldEmail, { type: "Release", owner: streamId }, histories),
        );
      }
      return { appends, result: options.result ? options.result(events, current) : (events as Result) };
    },
    context,
  );
};
