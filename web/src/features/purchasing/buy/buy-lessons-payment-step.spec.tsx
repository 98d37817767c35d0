import { CHECKOUT_DELAY_MS, purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../test/fake-api";
import { checkoutAnswer, DEBIT_DATA, PIX_DATA, purchaseServer, purchaseView } from "../test/purchase-server";
import {
  add,
  fillBuyer,
  fillCard,
  openPage,
  placeOrder,
  renderStudentAreaWithDebitPage,
  setUpBuyPage,
  startPurchase,
  user,
} from "./buy-page-kit";

setUpBuyPage();
const fingerprintScripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[data-device-fingerprint]")];
afterEach(() => {
  for (const script of fingerprintScripts()) script.remove();
});

const SANDBOX = { sandbox: true, fingerprint: null };
const GETNET = {
  sandbox: false,
  fingerprint: { scriptUrl: "https://h.online-metrix.net/fp/tags.js", orgId: "1snn5n9w" },
};

const orderPix = async () => {
  const actor = user();
  await add(actor, 4);
  await startPurchase(actor);
  await fillBuyer(actor);
  await actor.click(screen.getByRole("radio", { name: "Pix" }));
  await placeOrder(actor);
  return { actor, dialog: await screen.findByRole("dialog") };
};

// Typing a whole order takes a few seconds of a loaded machine's jsdom.
describe("Contratar aulas: the steps around paying", { timeout: 20_000 }, () => {
  it("pays a waiting Pix from its result with 'Pagar (sandbox)' while the sandbox sells, and the push turns it paid", async () => {
    const calls = purchaseServer({
      gateway: SANDBOX,
      checkout: checkoutAnswer({ purchaseId: 42, status: "AWAIT_PAYMENT", message: "", additionalData: PIX_DATA }),
      more: { "POST /api/sandbox/purchases/42/pay": () => json(purchaseView({ id: 42, method: "PIX" })) },
    });
    const live = openPage();
    const { actor, dialog } = await orderPix();
    await actor.click(within(dialog).getByRole("button", { name: "Pagar (sandbox)" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/sandbox/purchases/42/pay")).toBe(true));
    act(() => live.push("purchase:updated", { purchaseId: 42, status: "PAID" }));
    expect(within(dialog).getByText(purchaseMessages.paymentConfirmed)).toBeInTheDocument();
  });

  it("offers no sandbox payment while a real gateway sells", async () => {
    purchaseServer({
      gateway: { sandbox: false, fingerprint: null },
      checkout: checkoutAnswer({ purchaseId: 42, status: "AWAIT_PAYMENT", message: "", additionalData: PIX_DATA }),
      purchases: () => json([purchaseView({ id: 40, method: "PIX", status: "AWAIT_PAYMENT", payment: PIX_DATA })]),
    });
    openPage();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    expect(await within(history).findByRole("button", { name: "Ver pagamento" })).toBeInTheDocument();
    const { dialog } = await orderPix();
    expect(within(dialog).getByRole("img", { name: "QR Code do Pix" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pagar (sandbox)" })).not.toBeInTheDocument();
  });

  it("pays a waiting Pix from the purchase history while the sandbox sells", async () => {
    const calls = purchaseServer({
      gateway: SANDBOX,
      purchases: () => json([purchaseView({ id: 40, method: "PIX", status: "AWAIT_PAYMENT", payment: PIX_DATA })]),
      more: { "POST /api/sandbox/purchases/40/pay": () => json(purchaseView({ id: 40, method: "PIX" })) },
    });
    openPage();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    await user().click(await within(history).findByRole("button", { name: "Pagar (sandbox)" }));
    expect(await within(history).findByText("Paga")).toBeInTheDocument();
    expect(within(history).queryByRole("button", { name: "Pagar (sandbox)" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/sandbox/purchases/40/pay")).toHaveLength(1);
  });

  it("loads Getnet's device fingerprint with the pre-order's session id, before the checkout that sends the same id", async () => {
    const calls = purchaseServer({ gateway: GETNET });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor);
    await actor.click(screen.getByRole("button", { name: "Finalizar compra" }));
    await waitFor(() => expect(fingerprintScripts()).toHaveLength(1));
    expect(calls.some((call) => call.path === "/api/purchases/checkout")).toBe(false);
    const src = new URL(fingerprintScripts()[0]?.src ?? "");
    expect(`${src.origin}${src.pathname}`).toBe("https://h.online-metrix.net/fp/tags.js");
    expect(Object.fromEntries(src.searchParams)).toEqual({ org_id: "1snn5n9w", session_id: "fp-1" });
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS));
    await screen.findByRole("dialog");
    expect(calls.find((call) => call.path === "/api/purchases/checkout")?.body).toMatchObject({ sessionId: "fp-1" });
  });

  it("loads no fingerprint while the sandbox sells", async () => {
    const calls = purchaseServer({ gateway: SANDBOX });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor);
    await placeOrder(actor);
    await screen.findByRole("dialog");
    expect(calls.some((call) => call.path === "/api/purchases/checkout")).toBe(true);
    expect(fingerprintScripts()).toEqual([]);
  });

  it("starts the checkout with the CPF and address the last one kept, and sends them", async () => {
    const address = {
      cep: "01310-100",
      street: "Avenida Paulista",
      number: "1000",
      neighbourhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      country: "BR",
    };
    const calls = purchaseServer({ buyer: { cpf: "529.982.247-25", address } });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await waitFor(() => expect(screen.getByLabelText("CPF")).toHaveValue("529.982.247-25"));
    expect(screen.getByLabelText("CEP")).toHaveValue("01310-100");
    expect(screen.getByLabelText("Rua")).toHaveValue("Avenida Paulista");
    expect(screen.getByLabelText("Número")).toHaveValue("1000");
    await fillCard(actor);
    await placeOrder(actor);
    await screen.findByRole("dialog");
    expect(calls.find((call) => call.path === "/api/purchases/checkout")?.body).toMatchObject({
      address,
      user: { cpf: "529.982.247-25" },
    });
  });

  it("gives up a debit the bank never answered, from the purchase history: the purchase ends cancelled", async () => {
    const waiting = purchaseView({ id: 41, method: "DEBIT", status: "AWAIT_AUTHORIZATION", payment: DEBIT_DATA });
    const calls = purchaseServer({
      gateway: SANDBOX,
      purchases: () => json([waiting]),
      more: {
        "POST /api/purchases/41/abandon": () =>
          json({ ...waiting, status: "FAILED", payment: null, failure: purchaseMessages.abandoned }),
      },
    });
    openPage();
    const actor = user();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    await actor.click(await within(history).findByRole("button", { name: "Ver pagamento" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Aguardando a confirmação do banco.")).toBeInTheDocument();
    await actor.click(within(dialog).getByRole("button", { name: "Desistir desta compra" }));
    expect(await within(dialog).findByText(purchaseMessages.abandoned)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/purchases/41/abandon")).toHaveLength(1);
  });

  it("opens the bank's page of a waiting debit again from the purchase history", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    purchaseServer({
      gateway: SANDBOX,
      purchases: () =>
        json([purchaseView({ id: 41, method: "DEBIT", status: "AWAIT_AUTHORIZATION", payment: DEBIT_DATA })]),
    });
    renderStudentAreaWithDebitPage();
    const actor = user();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    await actor.click(await within(history).findByRole("button", { name: "Ver pagamento" }));
    await actor.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Voltar à página do banco" }),
    );
    expect(await screen.findByTitle("Página de autenticação do banco")).toBeInTheDocument();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    submit.mockRestore();
  });
});
