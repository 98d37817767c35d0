import { randomBytes } from "node:crypto";
import { type Decider, type NewEvent, type RecordedEvent, stateFrom } from "@el/domain";
import { type SocialIdentity, socialIdentityDecider, socialIdentityStreams } from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { reservation, reservationStreams } from "./account-commands";
import { hashPassword } from "./passwords";
import type { SocialTicket } from "./social-tickets";

/** The commands that open an account for someone who came through Google or Facebook. */
export interface SocialAccountCommands<Command> {
  /** The registration or application itself. */
  first: Command;
  /** The link to the provider's identity. */
  link: Command;
  /** The provider's photo, when it gave one. */
  photo?: Command;
}

/**
 * Opens an account for someone the provider vouched for, in one append: the account's first events, the
 * identity's link and the provider's photo, the e-mail and login reserved, the identity claimed. No
 * password is chosen: a random one nobody knows is stored, and the provider signs them in.
 */
export const registerSocially = async <Command, Event extends Pick<NewEvent, "type" | "data">, State>(
  app: FastifyInstance,
  ticket: SocialTicket,
  context: CommandContext,
  account: {
    decider: Decider<Command, Event, State>;
    streamId: (id: number) => string;
    history: (histories: Readonly<Record<string, readonly RecordedEvent[]>>, id: number) => readonly Event[];
    commands: (id: number, passwordHash: string, identity: SocialIdentity, now: Date) => SocialAccountCommands<Command>;
  },
) => {
  const id = await app.nextId();
  const email = ticket.email;
  const identity = { provider: ticket.provider, subject: ticket.subject };
  const streamId = account.streamId(id);
  const claimId = socialIdentityStreams.id(identity);
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const commands = account.commands(id, passwordHash, identity, new Date());
  const { decider } = account;
  await executeOnStreams(
    app,
    [streamId, ...reservationStreams("email", email), ...reservationStreams("login", email), claimId],
    (histories) => {
      const events: Event[] = [];
      let state = stateFrom(decider, account.history(histories, id));
      for (const command of [commands.first, commands.link, ...(commands.photo ? [commands.photo] : [])]) {
        const decided = decider.decide(command, state);
        state = decided.reduce(decider.evolve, state);
        events.push(...decided);
      }
      const claimed = stateFrom(socialIdentityDecider, socialIdentityStreams.history(histories, identity));
      return {
        appends: [
          { streamId, events },
          ...reservation("email", email, { type: "Reserve", owner: streamId }, histories),
          ...reservation("login", email, { type: "Reserve", owner: streamId }, histories),
          { streamId: claimId, events: socialIdentityDecider.decide({ type: "Reserve", owner: streamId }, claimed) },
        ],
        result: undefined,
      };
    },
    context,
  );
  return { id, login: email };
};
