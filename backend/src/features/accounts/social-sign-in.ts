import { stateFrom } from "@el/domain";
import {
  type AccountStreamEvent,
  type SocialIdentity,
  socialIdentityDecider,
  socialIdentityStreams,
  studentAccountDecider,
  studentStreams,
} from "@el/domain/accounts/index";
import { findUserByLogin, type UserRow } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { decideOnAccount, executeOnAccount } from "./account-commands";
import { type NewStudent, registerStudentCommand } from "./registration";
import { registerSocially } from "./social-registration";
import type { SocialTicket } from "./social-tickets";

/** The account stream an identity signs in, if any account claimed it. */
export const ownerOfIdentity = async (app: FastifyInstance, identity: SocialIdentity) => {
  const claims = socialIdentityStreams.events(await app.eventStore.readStream(socialIdentityStreams.id(identity)));
  const state = stateFrom(socialIdentityDecider, claims);
  return state.status === "taken" ? state.owner : undefined;
};

export type SocialSignInOutcome = { signedIn: true; user: UserRow; sessionGeneration: number } | { signedIn: false };

/** Signs the account linked to `identity` in, recorded as any sign-in is (refused when deactivated). */
export const signInSocially = async (
  app: FastifyInstance,
  owner: string,
  identity: SocialIdentity,
  ip: string,
  context: CommandContext,
): Promise<SocialSignInOutcome> => {
  const {
    result: { outcome, login, sessionGeneration },
  } = await executeOnAccount(
    app,
    owner,
    () => [{ type: "SignInSocially", identity, ip, now: app.clock.now() }],
    context,
    {
      result: (events: AccountStreamEvent[], account) => ({
        outcome: events[0],
        login: account.login,
        sessionGeneration: account.sessionGeneration,
      }),
    },
  );
  const user = outcome?.type === "SignedIn" ? await findUserByLogin(app.db, login) : undefined;
  return user ? { signedIn: true, user, sessionGeneration } : { signedIn: false };
};

/** Links an identity to an account and claims it in one append: of two accounts racing for it, one wins. */
export const linkIdentity = (
  app: FastifyInstance,
  owner: string,
  identity: SocialIdentity,
  context: CommandContext,
) => {
  const claimId = socialIdentityStreams.id(identity);
  return executeOnStreams(
    app,
    [owner, claimId],
    (histories) => {
      const claimed = stateFrom(socialIdentityDecider, socialIdentityStreams.history(histories, identity));
      return {
        appends: [
          { streamId: claimId, events: socialIdentityDecider.decide({ type: "Reserve", owner }, claimed) },
          {
            streamId: owner,
            events: decideOnAccount(owner, histories[owner], [
              { type: "LinkSocialAccount", identity, now: app.clock.now() },
            ]),
          },
        ],
        result: undefined,
      };
    },
    context,
  );
};

/**
 * A student who came through a provider: the account, its e-mail and login claims, the identity's claim
 * and link, and the provider's photo, in one append. No password is chosen: a random one is stored, so
 * only the provider signs them in until they set one ("forgot my password").
 */
export const registerSocialStudent = (
  app: FastifyInstance,
  ticket: SocialTicket,
  student: Omit<NewStudent, "email" | "password">,
  context: CommandContext,
) =>
  registerSocially(app, ticket, context, {
    decider: studentAccountDecider,
    streamId: studentStreams.id,
    history: studentStreams.history,
    first: (id, passwordHash, now) =>
      registerStudentCommand(student, { id, email: ticket.email, passwordHash, at: now }),
  });
