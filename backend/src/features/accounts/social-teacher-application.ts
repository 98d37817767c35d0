import { teacherAccountDecider, teacherStreams } from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import type { CommandContext } from "../../commands/execute";
import { applyAsTeacherCommand } from "./registration";
import { registerSocially } from "./social-registration";
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
export const applySociallyAsTeacher = (
  app: FastifyInstance,
  ticket: SocialTicket,
  teacher: SocialTeacherApplication,
  context: CommandContext,
) =>
  registerSocially(app, ticket, context, {
    decider: teacherAccountDecider,
    streamId: teacherStreams.id,
    history: teacherStreams.history,
    first: (id, passwordHash, now) =>
      applyAsTeacherCommand(teacher, { id, email: ticket.email, passwordHash, at: now }),
  });
