import { notFound } from "@el/domain";
import { purchaseErrors } from "@el/domain/purchasing/index";
import { SandboxIssuerFields } from "@el/domain/purchasing/purchase-requests";
import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { IdParams } from "@el/domain/shared/page-query";
import { findPurchase } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { fileBytes } from "../../http/responses";
import { framedPageHelmet } from "../../http/security-headers";
import {
  readSandboxIssuerRequest,
  SANDBOX_ISSUER_PATH,
  sandboxIssuerAnswer,
} from "../../integrations/payments/sandbox-gateway";
import { settlePurchase } from "./payment-settlement";
import { readPurchase } from "./purchase-commands";
import { toPurchaseView } from "./purchase-dto";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const reais = (cents: number) => (cents / 100).toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

const ISSUER_STYLE = `body{font-family:sans-serif;max-width:28rem;margin:2rem auto;color:#203963}form{display:inline-block;margin-right:1rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #203963;background:#0377BE;color:#fff}`;

/** What a bank's 3-D Secure page does, in the product's sandbox: the payer authenticates or refuses, and the answer goes back to `TermUrl`. */
const issuerPage = (fields: { MD: string; PaReq: string; TermUrl: string }) => {
  const request = readSandboxIssuerRequest(fields.PaReq);
  if (!request) return undefined;
  const answer = (authenticated: boolean, label: string) => `
    <form method="post" action="${escapeHtml(fields.TermUrl)}">
      <input type="hidden" name="MD" value="${escapeHtml(fields.MD)}">
      <input type="hidden" name="PaRes" value="${escapeHtml(sandboxIssuerAnswer(fields.PaReq, authenticated))}">
      <button type="submit">${label}</button>
    </form>`;
  return Buffer.from(`<!doctype html>
<html lang="pt-br"><head><meta charset="utf-8"><title>Banco emissor (sandbox)</title>
<style>${ISSUER_STYLE}</style></head>
<body>
  <h1>Banco emissor (sandbox)</h1>
  <p>Confirme a compra de <strong>${escapeHtml(reais(request.amountCents))}</strong> no cartão de débito
  ${escapeHtml(request.brand)} final <strong>${escapeHtml(request.lastFour)}</strong>.</p>
  ${answer(true, "Autenticar")}
  ${answer(false, "Recusar")}
</body></html>`);
};

/**
 * Only while the built-in sandbox gateway is the one configured: the bank's authentication page a debit
 * is sent to, and "pay this Pix / boleto now", which goes through the same settlement a real
 * notification does.
 */
export const sandboxRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pay = app.payments.pay?.bind(app.payments);
  if (app.payments.name !== "sandbox" || !pay) return;

  // Shown in the frame of /debit/confirmation; its forms post only to us, whatever TermUrl says.
  const helmet = framedPageHelmet(app, { styles: [ISSUER_STYLE] });
  const sendIssuerPage = (fields: z.output<typeof SandboxIssuerFields>) => {
    const page = issuerPage(fields);
    if (!page) throw notFound();
    return page;
  };
  app.post(
    SANDBOX_ISSUER_PATH,
    {
      helmet,
      schema: {
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: SandboxIssuerFields,
        response: { 200: fileBytes("text/html"), 404: ErrorAnswer },
      },
    },
    async (request, reply) =>
      reply.header("Content-Type", "text/html; charset=utf-8").send(sendIssuerPage(request.body)),
  );
  app.get(
    SANDBOX_ISSUER_PATH,
    {
      helmet,
      schema: { querystring: SandboxIssuerFields, response: { 200: fileBytes("text/html"), 404: ErrorAnswer } },
    },
    async (request, reply) =>
      reply.header("Content-Type", "text/html; charset=utf-8").send(sendIssuerPage(request.query)),
  );

  app.post(
    "/api/sandbox/purchases/:id/pay",
    { config: { roles: "authenticated" }, schema: { params: IdParams, response: { 200: PurchaseView } } },
    async (request) => {
      const purchaseId = request.params.id;
      const purchase = await readPurchase(app, purchaseId);
      const admin = request.currentUser.authorities.includes("ROLE_ADMIN");
      // Another student's purchase answers as an unknown id does (readPurchase): a 403 would tell it exists.
      if (purchase.started.student.id !== request.currentUser.id && !admin) throw notFound(purchaseErrors.notFound);
      if (purchase.status === "AWAIT_PAYMENT" && purchase.paymentId) {
        await pay(purchase.paymentId);
        await settlePurchase(app, purchaseId);
      }
      // The settlement's commands answered once the read models showed them.
      const row = await findPurchase(app.db, purchaseId);
      if (!row) throw notFound();
      return toPurchaseView(app, row);
    },
  );
};
