import { CreditBalanceView, CreditGrantBody, CreditGrantParams } from "@el/domain/catalog/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { contextOf } from "../../http/route-helpers";
import { grantCreditsCommand } from "./credits-commands";

/**
 * `POST /api/users/{login}/credits { amount, reason? }`: an administrator gives a student lesson
 * credits (courtesy lessons, support cases). Answers the balance the student has now.
 */
export const creditsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/users/:login/credits",
    {
      // It reads `users` for the login's id and kind, which no write answered early changes.
      config: { roles: ["ROLE_ADMIN"], waitForWrites: false },
      schema: {
        params: CreditGrantParams,
        body: CreditGrantBody,
        response: { 200: CreditBalanceView },
      },
    },
    async (request, reply) => {
      const { login, balance } = await grantCreditsCommand(app, request.params.login, request.body, {
        ...contextOf(request),
        commandId: commandIdOf(request),
      });
      return alert(reply, "catalog.credits.granted", login).send({ balance });
    },
  );
};
