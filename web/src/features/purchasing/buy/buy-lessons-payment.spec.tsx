import { CHECKOUT_DELAY_MS, purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json } from "../../../test/fake-api";
import {
  BOLETO_DATA,
  checkoutAnswer,
  DEBIT_DATA,
  PIX_DATA,
  purchaseServer,
  purchaseView,
} from "../test/purchase-server";

import {
  add,
  closeButton,
  field,
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

describe("Contratar aulas: paying", () => {
  it("buys by credit card in 2x: pre-order, 5 s later the checkout, then the success and a new history line", async () => {
    let purchases = [] as ReturnType<typeof purchaseView>[];
    const calls = purchaseServer({ purchases: () => json(purchases) });
    const live = openPage();
    const actor = user();
    expect(await screen.findByText("Você ainda não fez nenhuma compra.")).toBeInTheDocument();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor);
    const installments = field("Parcelas");
    expect(
      within(installments)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "1x de R$ 180,00 sem juros",
      "2x de R$ 90,00 sem juros",
      "3x de R$ 60,00 sem juros",
      "4x de R$ 45,00 sem juros",
    ]);
    await actor.selectOptions(installments, "2");

    await actor.click(screen.getByRole("button", { name: "Finalizar compra" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/purchases/preorder")).toBe(true));
    expect(await screen.findByText("Verificando a segurança do pagamento...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS - 100));
    expect(calls.some((call) => call.path === "/api/purchases/checkout")).toBe(false);
    purchases = [purchaseView({ id: 41 })];
    await act(() => vi.advanceTimersByTimeAsync(100));

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(purchaseMessages.approved)).toBeInTheDocument();
    const checkout = calls.find((call) => call.path === "/api/purchases/checkout");
    expect(checkout?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
    expect(checkout?.body).toMatchObject({
      method: "CREDIT",
      card: {
        number: "4111111111111111",
        name: "ANA SOUZA",
        expiry: "12/30",
        cvc: "123",
        method: "credit",
        installments: 2,
      },
      address: {
        cep: "01310-100",
        street: "Avenida Paulista",
        number: "1000",
        city: "São Paulo",
        state: "SP",
        country: "BR",
      },
      user: { cpf: "529.982.247-25" },
      coupon: null,
      packages: [{ id: 2, quantity: 1 }],
      sessionId: "fp-1",
    });

    // The credits arrive by the balance's push; the header shows them without a reload.
    act(() => live.push("balance:changed", { balance: 7, trialCredits: 0 }));
    expect(screen.getByTestId("student-balance")).toHaveTextContent("Saldo: 7 aulas");

    await actor.click(closeButton(dialog));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Nenhum pacote selecionado.")).toBeInTheDocument();
    const history = screen.getByRole("region", { name: "Histórico de compras" });
    expect(await within(history).findByText("Paga")).toBeInTheDocument();
  });

  it("shows a Pix's QR code, copy-and-paste code and expiry, then 'Pagamento confirmado' live", async () => {
    purchaseServer({
      checkout: checkoutAnswer({ purchaseId: 42, status: "AWAIT_PAYMENT", message: "", additionalData: PIX_DATA }),
    });
    const live = openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await actor.click(screen.getByRole("radio", { name: "Pix" }));
    await placeOrder(actor);

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("img", { name: "QR Code do Pix" })).toHaveAttribute("src", PIX_DATA.qr_image);
    expect(within(dialog).getByLabelText("Pix copia e cola")).toHaveValue(PIX_DATA.qr_code);
    expect(within(dialog).getByText("Válido até 24/11/26 15:30")).toBeInTheDocument();
    await actor.click(within(dialog).getByRole("button", { name: "Copiar" }));
    expect(await navigator.clipboard.readText()).toBe(PIX_DATA.qr_code);
    expect(within(dialog).getByRole("button", { name: "Copiado!" })).toBeInTheDocument();

    act(() => live.push("purchase:updated", { purchaseId: 42, status: "PAID" }));
    expect(within(dialog).getByText(purchaseMessages.paymentConfirmed)).toBeInTheDocument();
    expect(within(dialog).queryByRole("img", { name: "QR Code do Pix" })).not.toBeInTheDocument();
  });

  it("says a card payment the gateway never answered is being confirmed, then shows its outcome live", async () => {
    purchaseServer({
      checkout: checkoutAnswer({
        purchaseId: 46,
        status: "PENDING",
        message: purchaseMessages.confirming,
        additionalData: null,
      }),
    });
    const live = openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor);
    await placeOrder(actor);

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("status")).toHaveTextContent(purchaseMessages.confirming);
    // Nothing failed: there is nothing to try again, which could charge the card twice.
    expect(within(dialog).queryByRole("button", { name: "Tentar novamente" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    act(() => live.push("purchase:updated", { purchaseId: 46, status: "PAID" }));
    expect(within(dialog).getByText(purchaseMessages.paymentConfirmed)).toBeInTheDocument();
    expect(within(dialog).queryByText(purchaseMessages.confirming)).not.toBeInTheDocument();
  });

  it("says a Pix expired when it was not paid in time", async () => {
    purchaseServer({
      checkout: checkoutAnswer({ purchaseId: 42, status: "AWAIT_PAYMENT", message: "", additionalData: PIX_DATA }),
    });
    const live = openPage();
    const actor = user();
    await add(actor, 1);
    await startPurchase(actor);
    await fillBuyer(actor);
    await actor.click(screen.getByRole("radio", { name: "Pix" }));
    await placeOrder(actor);
    const dialog = await screen.findByRole("dialog");
    act(() => live.push("purchase:updated", { purchaseId: 42, status: "EXPIRED" }));
    expect(within(dialog).getByRole("heading", { name: "Pagamento expirado" })).toBeInTheDocument();
    expect(within(dialog).getByRole("status")).toHaveTextContent(/^Pagamento expirado: /);
    expect(within(dialog).queryByRole("img", { name: "QR Code do Pix" })).not.toBeInTheDocument();
  });

  it("shows a boleto's digitable line, due date and PDF", async () => {
    const calls = purchaseServer({
      checkout: checkoutAnswer({ purchaseId: 44, status: "AWAIT_PAYMENT", message: "", additionalData: BOLETO_DATA }),
    });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await actor.click(screen.getByRole("radio", { name: "Boleto" }));
    await placeOrder(actor);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Linha digitável")).toHaveValue(BOLETO_DATA.digitable_line);
    expect(within(dialog).getByText("Vencimento: 27/11/2026")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Abrir o boleto (PDF)" })).toHaveAttribute(
      "href",
      BOLETO_DATA.pdf_url,
    );
    expect(within(dialog).getByRole("button", { name: "Copiar" })).toBeInTheDocument();
    const body = calls.find((call) => call.path === "/api/purchases/checkout")?.body;
    expect(body).toMatchObject({ method: "BANKSLIP", card: null });
  });

  it("shows the gateway's refusal; a retry keeps the form, closing empties the cart", async () => {
    let refuse = true;
    const calls = purchaseServer({
      checkout: () =>
        json(
          refuse
            ? { purchaseId: 43, status: "ERROR", message: purchaseMessages.declined, additionalData: null }
            : { purchaseId: 45, status: "APPROVED", message: purchaseMessages.approved, additionalData: null },
        ),
    });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor, "4000000000000002");
    await placeOrder(actor);
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(purchaseMessages.declined)).toBeInTheDocument();

    await actor.click(within(dialog).getByRole("button", { name: "Tentar novamente" }));
    expect(field("Número do cartão")).toHaveValue("4000 0000 0000 0002");
    await actor.clear(field("Número do cartão"));
    await actor.type(field("Número do cartão"), "4111111111111111");
    refuse = false;
    await placeOrder(actor);
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(purchaseMessages.approved)).toBeInTheDocument();
    const keys = calls
      .filter((call) => call.path === "/api/purchases/checkout")
      .map((call) => call.headers.get("Idempotency-Key"));
    expect(new Set(keys).size).toBe(2);
  });

  it("shows why a request failed, and closing starts over", async () => {
    purchaseServer({ checkout: () => json({ message: "error.http.500" }, { status: 500 }) });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await actor.click(screen.getByRole("radio", { name: "Pix" }));
    await placeOrder(actor);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Erro no servidor. Tente novamente em instantes.")).toBeInTheDocument();
    await actor.click(closeButton(dialog));
    expect(screen.getByText("Nenhum pacote selecionado.")).toBeInTheDocument();
  });

  it("sends a debit card to the bank's authentication page with what it needs", async () => {
    purchaseServer({
      checkout: checkoutAnswer({
        purchaseId: 41,
        status: "AWAIT_AUTHORIZATION",
        message: "",
        additionalData: DEBIT_DATA,
      }),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    renderStudentAreaWithDebitPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await actor.click(screen.getByRole("radio", { name: "Cartão de débito" }));
    await fillCard(actor);
    await placeOrder(actor);
    expect(await screen.findByRole("heading", { name: "Autenticação do cartão de débito" })).toBeInTheDocument();
    // The page posts its form from an effect, which React runs in a task of its own after the commit that
    // showed the heading: the heading found does not mean the form was posted yet.
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it("back from the bank, shows the order's result for the purchase in the address", async () => {
    purchaseServer({
      purchases: () => json([purchaseView({ id: 41, method: "DEBIT", status: "PAID", installments: 1 })]),
    });
    openPage("/student/contratar-aulas?purchase=41");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(purchaseMessages.approved)).toBeInTheDocument();
  });

  it("back from the bank with a refused debit, shows the reason", async () => {
    purchaseServer({
      purchases: () =>
        json([
          purchaseView({
            id: 41,
            method: "DEBIT",
            status: "FAILED",
            failure: "Autenticação não confirmada pelo banco",
          }),
        ]),
    });
    openPage("/student/contratar-aulas?purchase=41");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Autenticação não confirmada pelo banco")).toBeInTheDocument();
  });

  it("says so when the purchase in the address is not the student's", async () => {
    purchaseServer({ purchases: () => json([purchaseView({ id: 40 })]) });
    openPage("/student/contratar-aulas?purchase=41");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Não encontramos essa compra entre os seus pedidos.")).toBeInTheDocument();
    await user().click(closeButton(dialog));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Continuar para o pagamento" })).toBeEnabled();
  });
});
