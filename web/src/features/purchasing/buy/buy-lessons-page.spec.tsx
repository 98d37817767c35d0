import { purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/fake-api";
import { COUPON, PIX_DATA, purchaseServer, purchaseView } from "../test/purchase-server";

import { add, card, field, fillBuyer, fillCard, openPage, setUpBuyPage, startPurchase, user } from "./buy-page-kit";

setUpBuyPage();

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
