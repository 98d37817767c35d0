import { randomBytes } from "node:crypto";
import { type Decider, type NewEvent, type RecordedEvent, stateFrom } from "@el/domain";
import { type SocialIdentity, socialIdentityDecider, socialIdentityStreams } from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { reservation, reservationStreams } from "./account-commands";
import { hashPassword } from "./passwords";
import type { SocialTicket } from "./social-tickets";

/** What every account decider takes from someone who came through Google or Facebook, beside its first command. */
type SocialAccountCommand =
  | { type: "LinkSocialAccount"; identity: SocialIdentity; now: Date }
  | { type: "ChangeProfile"; changes: { imageUrl: string }; by: string };

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
    decider: Decider<Command | SocialAccountCommand, Event, State>;
    streamId: (id: number) => string;
    history: (histories: Readonly<Record<string, readonly RecordedEvent[]>>, id: number) => readonly Event[];
    /** The registration or application itself. */
    first: (id: number, passwordHash: string, now: Date) => Command;
  },
) => {
  const id = await app.nextId();
  const email = ticket.email;
  const identity = { provider: ticket.provider, subject: ticket.subject };
  const streamId = account.streamId(id);
  const claimId = socialIdentityStreams.id(identity);
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const now = app.clock.now();
  // The account's first command, its link to the provider's identity, and the provider's photo if it gave one.
  const commands: (Command | SocialAccountCommand)[] = [
    account.first(id, passwordHash, now),
    { type: "LinkSocialAccount", identity, now },
    ...(ticket.imageUrl ? [{ type: "ChangeProfile" as const, changes: { imageUrl: ticket.imageUrl }, by: email }] : []),
  ];
  const { decider } = account;
  await executeOnStreams(
    app,
    [streamId, ...reservationStreams("email", email), ...reservationStreams("login", email), claimId],
    (histories) => {
      const events: Event[] = [];
      let state = stateFrom(decider, account.history(histories, id));
      for (const command of commands) {
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
