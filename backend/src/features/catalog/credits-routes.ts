import { invalid, notFound, type RecordedEvent, stateFrom } from "@el/domain";
import { accountErrors, type StudentEvent, studentAccountDecider } from "@el/domain/accounts/index";
import { findUserByLogin } from "@el/projections/users/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeOnStreams } from "../../commands/execute";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
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
      const user = await findUserByLogin(app.db, request.params.login);
      if (!user) throw notFound(accountErrors.notRegistered);
      if (user.kind !== "student") throw invalid("error.credits.notStudent", "login");
      const context = { ...contextOf(request), commandId: commandIdOf(request) };
      const { amount, reason } = request.body;
      const { result: balance } = await executeOnStreams(
        app,
        [user.streamId],
        (histories) => {
          const history = (histories[user.streamId] ?? []) as (RecordedEvent & StudentEvent)[];
          const events = studentAccountDecider.decide(
            { type: "GrantCredits", amount, grantedBy: context.by, ...(reason ? { reason } : {}) },
            stateFrom(studentAccountDecider, history),
          );
          const after = stateFrom(studentAccountDecider, [...history, ...events]);
          return { appends: [{ streamId: user.streamId, events }], result: after.balance };
        },
        context,
      );
      return alert(reply, "catalog.credits.granted", user.login).send({ balance });
    },
  );
};
