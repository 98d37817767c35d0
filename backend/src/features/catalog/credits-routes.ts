import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { grantCreditsCommand } from "./credits-commands";
import { contextOf } from "./http";

/**
 * `POST /api/users/{login}/credits { amount, reason? }`: an administrator gives a student lesson
 * credits (courtesy lessons, support cases). Answers the balance the student has now.
 */
export const creditsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/users/:login/credits",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: {
        params: z.object({ login: z.string().min(1).max(254) }),
        body: z.object({ amount: z.number().int().min(1).max(1000), reason: z.string().trim().max(500).optional() }),
        response: { 200: z.object({ balance: z.number() }) },
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
