import { MailPreferencesView, mailPreferenceStreams, mailPreferencesDecider } from "@el/domain/mails/index";
import { mailPreferencesOf } from "@el/projections/mails/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { executeCommand } from "../../commands/execute";

const PEOPLE = { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] as const };

/** Which lesson e-mails a student or teacher does not want: read and set from their profile. */
export const mailPreferencesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/account/mail-preferences",
    { config: PEOPLE, schema: { response: { 200: MailPreferencesView } } },
    async (request) => ({ off: await mailPreferencesOf(app.db, request.currentUser.id) }),
  );

  app.put(
    "/api/account/mail-preferences",
    { config: PEOPLE, schema: { body: MailPreferencesView, response: { 200: MailPreferencesView } } },
    async (request) => {
      const { result } = await executeCommand(
        app,
        { streams: mailPreferenceStreams, key: request.currentUser.id },
        mailPreferencesDecider,
        { type: "SetMailPreferences", off: request.body.off },
        { userId: String(request.currentUser.id), correlationId: request.id },
      );
      // The events decided say the new set; none means it was already so.
      return { off: result.at(-1)?.data.off ?? (await mailPreferencesOf(app.db, request.currentUser.id)) };
    },
  );
};
