import { randomUUID } from "node:crypto";
import { notFound } from "@el/domain";
import { PURCHASES_PROJECTION } from "@el/domain/audit/replays";
import { reaisFromCents } from "@el/domain/catalog/index";
import { priceOrder, purchaseErrors, totalsOf } from "@el/domain/purchasing/index";
import {
  BoletoParams,
  DebitReturnBody,
  PaymentNotification,
  PurchaseListQuery,
  PurchaseTotalQuery,
} from "@el/domain/purchasing/purchase-requests";
import {
  CheckoutBody,
  CheckoutResult,
  PreorderBody,
  PreorderView,
  PurchasePaymentView,
  PurchaseTotalView,
  PurchaseView,
} from "@el/domain/purchasing/purchase-views";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { IdParams } from "@el/domain/shared/page-query";
import { listPackages } from "@el/projections/catalog/index";
import {
  findPurchase,
  findPurchaseByPaymentId,
  pagePurchases,
  purchasePaymentOf,
  purchasesOfStudent,
  totalPaid,
} from "@el/projections/purchasing/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { READ_MODEL_READERS, readModelOf } from "../../http/read-model";
import { fileBytes } from "../../http/responses";
import { contextOf, pageOf } from "../../http/route-helpers";
import { framedPageHelmet } from "../../http/security-headers";
import { PaymentNotFound } from "../../integrations/payments/payment-gateway";
import { checkoutCommand } from "./checkout";
import { settlePurchase } from "./payment-settlement";
import { confirmPaymentCommand, failPurchaseCommand, readPurchase, refundPurchaseCommand } from "./purchase-commands";
import { toPurchaseView } from "./purchase-dto";

const isAdmin = (request: FastifyRequest) => request.currentUser.authorities.includes("ROLE_ADMIN");

/**
 * A purchase the caller may see: their own, or any for an administrator. Another student's is not found, as an
 * unknown id is: a 403 for one and a 404 for the other would tell which ids exist.
 */
const visiblePurchase = async (app: FastifyInstance, request: FastifyRequest, id: number) => {
  const row = await findPurchase(app.db, id);
  if (!row || (row.studentId !== request.currentUser.id && !isAdmin(request))) throw notFound(purchaseErrors.notFound);
  return row;
};

// The same text on every page, so the CSP names it by one digest; the purchase it goes to is in the tag.
const BACK_TO_PURCHASE_SCRIPT = "window.top.location.href = document.currentScript.dataset.target;";

/** The bank's return lands in the frame of /debit/confirmation: this page takes the whole window back to the purchase. */
const backToPurchasePage = (purchaseId: number) => {
  const target = `/student/contratar-aulas?purchase=${purchaseId}`;
  return Buffer.from(`<!doctype html>
<html lang="pt-br"><head><meta charset="utf-8"><title>Pagamento</title></head>
<body><p>Voltando para a sua compra… <a href="${target}" target="_top">continuar</a></p>
<script data-target="${target}">${BACK_TO_PURCHASE_SCRIPT}</script></body></html>`);
};

/**
 * Purchases (spec section 7): the student's pre-order and checkout, their history; the back
 * office's list, total, mark-paid and refund; the bank's return from a debit's authentication; and the
 * gateway's notifications.
 */
export const purchaseRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/purchases/preorder",
    { config: { roles: ["ROLE_STUDENT"] }, schema: { body: PreorderBody, response: { 200: PreorderView } } },
    async (request) => {
      const onSale = new Map((await listPackages(app.db)).map((pack) => [pack.id, pack]));
      const orders = priceOrder(request.body.packages, (id) => onSale.get(id));
      return {
        orders: orders.map((line) => ({
          itemPackage: { id: line.packageId, amount: line.amount, value: reaisFromCents(line.unitCents) },
          quantity: line.quantity,
          total: reaisFromCents(line.unitCents * line.quantity),
        })),
        total: reaisFromCents(totalsOf(orders, 0).listCents),
        // The device fingerprint's session: the browser loads it with this id, the checkout sends it back.
        sessionId: randomUUID(),
      };
    },
  );

  app.post(
    "/api/purchases/checkout",
    { config: { roles: ["ROLE_STUDENT"] }, schema: { body: CheckoutBody, response: { 200: CheckoutResult } } },
    async (request) => {
      const key = request.headers["idempotency-key"];
      return checkoutCommand(app, request.currentUser, request.body, {
        ...contextOf(request),
        idempotencyKey: typeof key === "string" ? key : undefined,
      });
    },
  );

  app.get(
    "/api/purchases/authenticatedUser",
    { config: { roles: ["ROLE_STUDENT"] }, schema: { response: { 200: z.array(PurchaseView) } } },
    async (request) =>
      Promise.all((await purchasesOfStudent(app.db, request.currentUser.id)).map((row) => toPurchaseView(app, row))),
  );

  // The back office's list and total; with `replay=<id>`, as they stood at a replay's moment (auditors too).
  app.get(
    "/api/purchases",
    {
      config: READ_MODEL_READERS,
      schema: {
        querystring: PurchaseListQuery,
        response: { 200: z.array(PurchaseView) },
      },
    },
    async (request, reply) => {
      const { replay, ...query } = request.query;
      const page = await readModelOf(
        app,
        request,
        replay,
        PURCHASES_PROJECTION,
      )((sql) => pagePurchases(sql, query, pageOf(query)));
      const views = await Promise.all(page.items.map((row) => toPurchaseView(app, row)));
      return reply.header("X-Total-Count", String(page.total)).send(views);
    },
  );

  app.get(
    "/api/purchases/totalAmount",
    {
      config: READ_MODEL_READERS,
      schema: { querystring: PurchaseTotalQuery, response: { 200: PurchaseTotalView } },
    },
    async (request) => {
      const { replay, ...filter } = request.query;
      const paid = await readModelOf(app, request, replay, PURCHASES_PROJECTION)((sql) => totalPaid(sql, filter));
      return { total: reaisFromCents(paid.cents), count: paid.count };
    },
  );

  app.get(
    "/api/purchases/:id",
    { config: { roles: "authenticated" }, schema: { params: IdParams, response: { 200: PurchaseView } } },
    async (request) => toPurchaseView(app, await visiblePurchase(app, request, request.params.id)),
  );

  app.get(
    "/api/purchases/:id/payment",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { params: IdParams, response: { 200: PurchasePaymentView } } },
    async (request) => {
      const payment = await purchasePaymentOf(app.db, request.params.id);
      if (!payment) throw notFound(purchaseErrors.notFound);
      return payment;
    },
  );

  const viewOf = async (id: number) => {
    const row = await findPurchase(app.db, id);
    if (!row) throw notFound(purchaseErrors.notFound);
    return toPurchaseView(app, row);
  };

  app.put(
    "/api/purchases/:id/paid",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: IdParams, response: { 200: PurchaseView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      const committed = await confirmPaymentCommand(
        app,
        id,
        { paymentId: null, by: context.by, byAdministrator: true },
        context,
      );
      const answer = await readBack(committed, `/api/purchases/${id}`, () => viewOf(id));
      alert(reply, "purchasing.purchase.paid", String(id));
      return answer.projected ? reply.send(answer.view) : sendPending(reply, answer);
    },
  );

  app.post(
    "/api/purchases/:id/refund",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: IdParams, response: { 200: PurchaseView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      const committed = await refundPurchaseCommand(app, id, context.by, context);
      const answer = await readBack(committed, `/api/purchases/${id}`, () => viewOf(id));
      alert(reply, "purchasing.purchase.refunded", String(id));
      return answer.projected ? reply.send(answer.view) : sendPending(reply, answer);
    },
  );

  app.get(
    "/api/boletos/:paymentId",
    {
      schema: { params: BoletoParams, response: { 200: fileBytes("application/pdf") } },
    },
    async (request, reply) => {
      try {
        const pdf = await app.payments.boletoPdf(request.params.paymentId);
        return reply
          .header("Content-Type", "application/pdf")
          .header("Content-Disposition", 'inline; filename="boleto.pdf"')
          .header("Cache-Control", "private, no-store")
          .send(pdf);
      } catch (error) {
        if (error instanceof PaymentNotFound) throw notFound();
        throw error;
      }
    },
  );

  // Public: the buyer's browser comes back here from the bank, without our token. The bank's answer is
  // checked by the gateway (it is bound to this payment), so a forged post can only fail a payment.
  app.post(
    "/api/purchases/:id/debit-return",
    {
      helmet: framedPageHelmet(app, { scripts: [BACK_TO_PURCHASE_SCRIPT] }),
      schema: {
        params: IdParams,
        // The bank's page posts an HTML form (the parser in index.ts).
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: DebitReturnBody,
        response: { 200: fileBytes("text/html") },
      },
    },
    async (request, reply) => {
      const purchaseId = request.params.id;
      const purchase = await readPurchase(app, purchaseId);
      if (purchase.status === "AWAIT_AUTHORIZATION" && purchase.paymentId) {
        const outcome = await app.payments.finishDebit(purchase.paymentId, request.body.PaRes);
        if (outcome.status === "APPROVED") {
          await confirmPaymentCommand(app, purchaseId, { paymentId: outcome.paymentId, by: "gateway" });
        } else {
          await failPurchaseCommand(app, purchaseId, outcome.reason);
        }
      }
      return reply.header("Content-Type", "text/html; charset=utf-8").send(backToPurchasePage(purchaseId));
    },
  );

  // Getnet calls the configured URL (GET with query parameters, retried) when a payment changes; anyone could
  // forge one, so it only makes us ask the gateway again.
  const notified = async (notification: PaymentNotification) => {
    const orderId = Number(notification.order_id);
    const purchaseId =
      Number.isInteger(orderId) && orderId > 0
        ? orderId
        : (await findPurchaseByPaymentId(app.db, notification.payment_id))?.id;
    if (purchaseId === undefined) throw notFound(purchaseErrors.notFound);
    const purchase = await readPurchase(app, purchaseId);
    if (purchase.paymentId !== notification.payment_id) throw notFound(purchaseErrors.notFound);
    return { status: await settlePurchase(app, purchaseId) };
  };
  const NotificationAnswer = z.object({ status: z.string() });
  app.get(
    "/api/purchases/notifications",
    { schema: { querystring: PaymentNotification, response: { 200: NotificationAnswer, 404: ErrorAnswer } } },
    async (request) => notified(request.query),
  );
  app.post(
    "/api/purchases/notifications",
    { schema: { body: PaymentNotification, response: { 200: NotificationAnswer, 404: ErrorAnswer } } },
    async (request) => notified(request.body),
  );
};
