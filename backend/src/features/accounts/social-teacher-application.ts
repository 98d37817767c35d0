import { randomBytes } from "node:crypto";
import { stateFrom } from "@el/domain";
import {
  socialIdentityDecider,
  socialIdentityStreams,
  teacherAccountDecider,
  teacherStreams,
} from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { reservation, reservationStreams } from "./account-commands";
import { hashPassword } from "./passwords";
import type { SocialTicket } from "./social-tickets";

export interface SocialTeacherApplication {
  firstName: string;
  lastName: string | null;
  phone: string;
  experience: string;
  langKey?: string;
}

/**
 * A teacher who came through Google or Facebook applies: the same application as the password sign-up
 * (name, phone, experience; it waits in the administrators' review queue), with the e-mail the provider
 * vouched for, the identity's claim and link, and the provider's photo, in one append. No password is
 * chosen: a random one is stored, and the provider signs them in once an administrator accepts them.
 */
export const applySociallyAsTeacher = async (
  app: FastifyInstance,
  ticket: SocialTicket,
  teacher: SocialTeacherApplication,
  context: CommandContext,
) => {
  const id = await app.nextId();
  const email = ticket.email;
  const identity = { provider: ticket.provider, subject: ticket.subject };
  const streamId = teacherStreams.id(id);
  const claimId = socialIdentityStreams.id(identity);
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const now = new Date();
  await executeOnStreams(
    app,
    [streamId, ...reservationStreams("email", email), ...reservationStreams("login", email), claimId],
    (histories) => {
      const applied = teacherAccountDecider.decide(
        {
          type: "ApplyAsTeacher",
          id,
          login: email,
          email,
          firstName: teacher.firstName,
          lastName: teacher.lastName,
          phone: teacher.phone,
          experience: teacher.experience,
          langKey: teacher.langKey ?? "pt-br",
          passwordHash,
          appliedAt: now.toISOString(),
        },
        stateFrom(teacherAccountDecider, teacherStreams.history(histories, id)),
      );
      const state = stateFrom(teacherAccountDecider, applied);
      const linked = teacherAccountDecider.decide({ type: "LinkSocialAccount", identity, now }, state);
      const photo = ticket.imageUrl
        ? teacherAccountDecider.decide(
            { type: "ChangeProfile", changes: { imageUrl: ticket.imageUrl }, by: email },
            linked.reduce(teacherAccountDecider.evolve, state),
          )
        : [];
      const claimed = stateFrom(socialIdentityDecider, socialIdentityStreams.history(histories, identity));
      return {
        appends: [
          { streamId, events: [...applied, ...linked, ...photo] },
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
