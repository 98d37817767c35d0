import { CHECKOUT_DELAY_MS, purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { renderStudentArea, studentArea } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { purchasingRoutes } from "../routes";
import {
  BOLETO_DATA,
  COUPON,
  checkoutAnswer,
  DEBIT_DATA,
  PIX_DATA,
  purchaseServer,
  purchaseView,
} from "../test/purchase-server";

signInStudentForEachTest();

beforeEach(() => {
  // The 5 s between the pre-order and the checkout pass when the test says; everything else runs on.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(new Date("2026-11-24T17:00:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const openPage = (path = "/student/contratar-aulas") => renderStudentArea(path);
const card = (name: string) => screen.findByRole("article", { name });
const add = async (actor: ReturnType<typeof user>, amount: number, times = 1) => {
  const pack = await card(amount === 1 ? "Pacote de 1 aula" : `Pacote de ${amount} aulas`);
  for (let index = 0; index < times; index += 1) {
    await actor.click(within(pack).getByRole("button", { name: `Adicionar um pacote de ${amount} aulas` }));
  }
};
const field = (label: string) => screen.getByLabelText(label);
/** The modal's own "Fechar" at its foot (the × in its corner has the same name). */
const closeButton = (dialog: HTMLElement) =>
  within(dialog).getAllByRole("button", { name: "Fechar" }).at(-1) as HTMLElement;

/** The student area and the bank's page, as the app puts them together. */
const renderStudentAreaWithDebitPage = () => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={live.feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: [...studentArea, ...purchasingRoutes],
      },
    ],
    "/student/contratar-aulas",
  );
  return live;
};

/** Fills the buyer and address (the CEP fills street, neighbourhood, city and state) and waits for the lookup. */
const fillBuyer = async (actor: ReturnType<typeof user>, cpf = "52998224725") => {
  await actor.type(field("CPF"), cpf);
  await actor.type(field("CEP"), "01310100");
  await waitFor(() => expect(field("Rua")).toHaveValue("Avenida Paulista"));
  await actor.type(field("Número"), "1000");
};
const fillCard = async (actor: ReturnType<typeof user>, number = "4111111111111111") => {
  await actor.type(field("Número do cartão"), number);
  await actor.type(field("Nome impresso no cartão"), "ANA SOUZA");
  await actor.type(field("Validade (MM/AA)"), "1230");
  await actor.type(field("CVC"), "123");
};
const startPurchase = async (actor: ReturnType<typeof user>) =>
  actor.click(screen.getByRole("button", { name: "Continuar para o pagamento" }));
const placeOrder = async (actor: ReturnType<typeof user>) => {
  await actor.click(screen.getByRole("button", { name: "Finalizar compra" }));
  await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS));
};

describe("Contratar aulas", () => {
  it("shows each pack with its price, price per lesson, savings against the single lesson and border by amount", async () => {
    purchaseServer();
    openPage();
    const twelve = await card("Pacote de 12 aulas");
    expect(within(twelve).getByText("R$ 480,00")).toBeInTheDocument();
    expect(within(twelve).getByText("R$ 40,00 por aula")).toBeInTheDocument();
    expect(within(twelve).getByText("Economize 14,8%")).toBeInTheDocument();
    expect(within(await card("Pacote de 24 aulas")).getByText("Economize 20,2%")).toBeInTheDocument();
    expect(within(await card("Pacote de 1 aula")).queryByText(/Economize/)).not.toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards.map((article) => article.className.replace("package-card ", ""))).toEqual([
      "package-card-single",
      "package-card-small",
      "package-card-medium",
      "package-card-large",
      "package-card-large",
    ]);
  });

  it("counts packs up and down and prices the cart in reais", async () => {
    purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4, 2);
    await add(actor, 1);
    const summary = screen.getByTestId("cart-summary");
    expect(within(summary).getByText("2 × 4 aulas")).toBeInTheDocument();
    expect(within(summary).getByText("1 × 1 aula")).toBeInTheDocument();
    expect(within(summary).getByText("R$ 360,00")).toBeInTheDocument();
    expect(within(summary).getByText("9 aulas no total")).toBeInTheDocument();
    expect(screen.getByTestId("cart-total")).toHaveTextContent("R$ 407,00");
    await actor.click(
      within(await card("Pacote de 4 aulas")).getByRole("button", { name: "Remover um pacote de 4 aulas" }),
    );
    expect(screen.getByTestId("cart-total")).toHaveTextContent("R$ 227,00");
  });

  it("asks for a pack when the cart is empty", async () => {
    purchaseServer();
    openPage();
    await card("Pacote de 4 aulas");
    await startPurchase(user());
    expect(screen.getByRole("alert")).toHaveTextContent(purchaseMessages.emptyCart);
    expect(screen.queryByRole("form", { name: "Pagamento" })).not.toBeInTheDocument();
  });

  it("locks the packs once the purchase is started, until it is cancelled", async () => {
    purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    const four = await card("Pacote de 4 aulas");
    expect(within(four).getByRole("button", { name: "Adicionar um pacote de 4 aulas" })).toBeDisabled();
    expect(screen.getByText("Pacotes escolhidos. Para alterar, cancele a compra.")).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(within(four).getByRole("button", { name: "Adicionar um pacote de 4 aulas" })).toBeEnabled();
    expect(screen.queryByRole("form", { name: "Pagamento" })).not.toBeInTheDocument();
  });

  it("applies a coupon the server validates, says when it is not valid, and removes it", async () => {
    let valid = false;
    const calls = purchaseServer({
      coupon: () =>
        valid
          ? json(COUPON)
          : json(
              { message: purchaseMessages.invalidCoupon },
              { status: 400, headers: { "X-app-error": encodeURIComponent(purchaseMessages.invalidCoupon) } },
            ),
    });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await actor.type(field("Cupom de desconto"), "NOPE");
    await actor.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText(purchaseMessages.invalidCoupon)).toBeInTheDocument();

    valid = true;
    await actor.clear(field("Cupom de desconto"));
    await actor.type(field("Cupom de desconto"), "BEMVINDO");
    await actor.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Cupom BEMVINDO aplicado: R$ 18,00 de desconto.")).toBeInTheDocument();
    expect(screen.getByTestId("cart-total")).toHaveTextContent("R$ 162,00");
    const validation = calls.filter((call) => call.path === "/api/coupons/validate").at(-1);
    expect(validation?.query.get("packages")).toBe("2");
    expect(validation?.body).toEqual({ code: "BEMVINDO" });

    await actor.click(screen.getByRole("button", { name: "Remover cupom" }));
    expect(screen.getByTestId("cart-total")).toHaveTextContent("R$ 180,00");
  });

  it("offers the order only once every required field is filled", async () => {
    purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    expect(screen.getByText(purchaseMessages.missingFields)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Finalizar compra" })).not.toBeInTheDocument();
    await fillBuyer(actor);
    expect(screen.getByText(purchaseMessages.missingFields)).toBeInTheDocument();
    await fillCard(actor);
    expect(screen.queryByText(purchaseMessages.missingFields)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Finalizar compra" })).toBeEnabled();

    // Pix needs no card.
    await actor.clear(field("CVC"));
    expect(screen.getByText(purchaseMessages.missingFields)).toBeInTheDocument();
    await actor.click(screen.getByRole("radio", { name: "Pix" }));
    expect(screen.queryByLabelText("Número do cartão")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Finalizar compra" })).toBeEnabled();
  });

  it("masks the CPF, CEP, card, expiry and CVC as they are typed", async () => {
    purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    await fillCard(actor);
    expect(field("CPF")).toHaveValue("529.982.247-25");
    expect(field("CEP")).toHaveValue("01310-100");
    expect(field("Número do cartão")).toHaveValue("4111 1111 1111 1111");
    expect(field("Validade (MM/AA)")).toHaveValue("12/30");
    await actor.type(field("CVC"), "9");
    expect(field("CVC")).toHaveValue("123");
  });

  it("fills the address from the CEP and leaves state and country read-only, country BR", async () => {
    const calls = purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    expect(field("Bairro")).toHaveValue("Bela Vista");
    expect(field("Cidade")).toHaveValue("São Paulo");
    expect(field("Estado")).toHaveValue("SP");
    expect(field("Estado")).toHaveAttribute("readonly");
    expect(field("País")).toHaveValue("BR");
    expect(field("País")).toHaveAttribute("readonly");
    await actor.type(field("Número"), "A");
    expect(calls.filter((call) => call.path.startsWith("/api/cep/"))).toHaveLength(1);
  });

  it.each([
    ["malformed (400)", 400],
    ["unknown (404)", 404],
  ])("says a %s CEP is invalid and clears the address", async (_, status) => {
    let answer = () =>
      json({ street: "Avenida Paulista", neighbourhood: "Bela Vista", city: "São Paulo", state: "SP" });
    purchaseServer({ cep: () => answer() });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor);
    answer = () => json({ message: purchaseMessages.invalidCep }, { status });
    await actor.type(field("CEP"), "{backspace}0");
    await actor.clear(field("CEP"));
    await actor.type(field("CEP"), "01310100");
    expect(await screen.findByText(purchaseMessages.invalidCep)).toBeInTheDocument();
    expect(field("Rua")).toHaveValue("");
    expect(field("Cidade")).toHaveValue("");
    expect(field("Estado")).toHaveValue("");
  });

  it("lets the address be typed by hand when the postal service is down (503)", async () => {
    purchaseServer({ cep: () => json({ message: "error.http.503" }, { status: 503 }) });
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await actor.type(field("CEP"), "01310100");
    expect(
      await screen.findByText("Não foi possível consultar o CEP agora. Preencha o endereço manualmente."),
    ).toBeInTheDocument();
    expect(field("Estado")).toBeRequired();
    expect(within(field("Estado")).getAllByRole("option")).toHaveLength(28);
    await actor.type(field("Rua"), "Rua Augusta");
    await actor.selectOptions(field("Estado"), "SP");
    expect(field("Estado")).toHaveValue("SP");
    expect(screen.queryByText(purchaseMessages.invalidCep)).not.toBeInTheDocument();
  });

  it("refuses a CPF whose check digits do not match", async () => {
    const calls = purchaseServer();
    openPage();
    const actor = user();
    await add(actor, 4);
    await startPurchase(actor);
    await fillBuyer(actor, "52998224735");
    await fillCard(actor);
    await actor.click(screen.getByRole("button", { name: "Finalizar compra" }));
    expect(await screen.findByText("CPF inválido: confira os números.")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/purchases/preorder")).toBe(false);
  });

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

  it("says so when the packs cannot be loaded, and tries again", async () => {
    let fail = true;
    purchaseServer({
      packages: () =>
        fail ? json({ message: "error.http.500" }, { status: 500 }) : json([{ id: 1, amount: 1, value: 47 }]),
    });
    openPage();
    expect(await screen.findByText("Erro no servidor. Tente novamente em instantes.")).toBeInTheDocument();
    fail = false;
    await user().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await card("Pacote de 1 aula")).toBeInTheDocument();
  });

  it("says so when no pack is on sale", async () => {
    purchaseServer({ packages: () => json([]) });
    openPage();
    expect(await screen.findByText("Nenhum pacote à venda no momento.")).toBeInTheDocument();
  });
});

describe("the purchase history", () => {
  it("lists date, packs, method, status and total, newest first, and reopens a pending Pix", async () => {
    purchaseServer({
      purchases: () =>
        json([
          purchaseView({
            id: 42,
            method: "PIX",
            status: "AWAIT_PAYMENT",
            installments: 1,
            card: null,
            payment: PIX_DATA,
            date: "2026-11-24T16:00:00.000Z",
          }),
          purchaseView({ id: 40 }),
        ]),
    });
    const live = openPage();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    const rows = await within(history).findAllByRole("row");
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      "24/11/26 13:001 × 4 aulasPixAguardando pagamentoR$ 180,00Ver pagamento",
      "20/11/26 10:051 × 4 aulasCartão de crédito (2x)PagaR$ 180,00",
    ]);
    await user().click(within(history).getByRole("button", { name: "Ver pagamento" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Pix copia e cola")).toHaveValue(PIX_DATA.qr_code);

    act(() => live.push("purchase:updated", { purchaseId: 42, status: "PAID" }));
    expect(within(dialog).getByText(purchaseMessages.paymentConfirmed)).toBeInTheDocument();
    expect(within(history).getAllByText("Paga")).toHaveLength(2);
  });

  it("says so when the list cannot be loaded", async () => {
    purchaseServer({ purchases: () => json({ message: "error.http.500" }, { status: 500 }) });
    openPage();
    const history = await screen.findByRole("region", { name: "Histórico de compras" });
    expect(await within(history).findByRole("alert")).toHaveTextContent(
      "Erro no servidor. Tente novamente em instantes.",
    );
  });
});
