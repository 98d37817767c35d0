import { conflict, notFound } from "@el/domain";
import { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import { purchaseErrors } from "@el/domain/purchasing/index";
import {
  NOT_ABANDONABLE,
  PaymentGatewayView,
  PurchaseView,
  purchaseMessages,
} from "@el/domain/purchasing/purchase-views";
import { IdParams } from "@el/domain/shared/page-query";
import { findPurchase } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { contextOf } from "../../http/route-helpers";
import { deviceFingerprintOf } from "../../integrations/payments/payment-gateway-from-config";
import { buyerDetailsOf } from "./buyer-details";
import { failPurchaseCommand } from "./purchase-commands";
import { toPurchaseView } from "./purchase-dto";

/**
 * What the student's screens need around paying: who sells (the sandbox's "pay now", Getnet's device
 * fingerprint), the CPF and address the last checkout kept, and a way out of a debit the bank never answered.
 */
/** A 409's body: its status and the i18n key of why. */
const Refusal = z.looseObject({ status: z.number().int(), message: z.string() });

export const paymentStepRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/purchases/gateway",
    { config: { roles: "authenticated" }, schema: { response: { 200: PaymentGatewayView } } },
    async () => {
      const sandbox = app.payments.name === "sandbox" && app.payments.pay !== undefined;
      return {
        sandbox,
        fingerprint: app.payments.name === "getnet" ? deviceFingerprintOf(app.config.gatewayEnv) : null,
      };
    },
  );

  app.get(
    "/api/purchases/buyer",
    { config: { roles: ["ROLE_STUDENT"] }, schema: { response: { 200: BuyerDetailsView } } },
    async (request) => buyerDetailsOf(app, request.currentUser.id),
  );

  // A debit whose bank page never answered (refused in the frame, closed, lost): the student gives it up. The
  // purchase ends unpaid, its coupon's use goes back and no credit is given; a late answer from the bank then
  // finds nothing to finish.
  app.post(
    "/api/purchases/:id/abandon",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { params: IdParams, response: { 200: PurchaseView, 202: PendingAnswer, 409: Refusal } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await findPurchase(app.db, id);
      // Another student's purchase answers as an unknown id does: a 403 would tell it exists.
      if (!row || row.studentId !== request.currentUser.id) throw notFound(purchaseErrors.notFound);
      if (row.status !== "AWAIT_AUTHORIZATION") throw conflict(NOT_ABANDONABLE);
      const committed = await failPurchaseCommand(app, id, purchaseMessages.abandoned, contextOf(request));
      const answer = await readBack(committed, `/api/purchases/${id}`, async () => {
        const settled = await findPurchase(app.db, id);
        if (!settled) throw notFound(purchaseErrors.notFound);
        return toPurchaseView(app, settled);
      });
      return answer.projected ? reply.send(answer.view) : sendPending(reply, answer);
    },
  );
};
