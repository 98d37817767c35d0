import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/fake-api";
import { purchase } from "../../../test/fake-sales";
import { renderRoutes } from "../../../test/render";
import { adminPurchasingArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { brunosCardPurchase, reais, server } from "./purchases-server";

signInAdministratorForEachTest();

describe("purchase detail", () => {
  const detailsShown = () => {
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    const values = screen.getAllByRole("definition").map((value) => value.textContent);
    return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
  };

  it("shows a Pix awaiting payment with its copy-and-paste code, and offers to mark it paid", async () => {
    server({
      "GET /api/purchases/1": () =>
        json(
          purchase(1, {
            payment: {
              qr_code: "00020126BRCODE6304ABCD",
              qr_image: "data:image/png;base64,AA",
              expires_at: "2026-11-20T14:05:00.000Z",
            },
          }),
        ),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/1?status=AWAIT_PAYMENT");
    await screen.findByText("00020126BRCODE6304ABCD");
    expect(detailsShown()).toEqual({
      ID: "1",
      Situação: "Aguardando pagamento",
      Data: "20/11/26 10:05",
      "Pago em": "—",
      Aluno: "Ana Souza (ana@example.com)",
      Pacotes: "1 × 4 aulas",
      "Aulas de crédito": "4",
      "Preço de tabela": reais("R$ 180,00"),
      Desconto: reais("R$ 0,00"),
      Total: reais("R$ 180,00"),
      Cupom: "—",
      "Forma de pagamento": "Pix",
      "Pix copia e cola": "00020126BRCODE6304ABCD",
      "Pix válido até": "20/11/26 11:05",
    });
    expect(screen.getByRole("link", { name: "Marcar como pago" })).toHaveAttribute(
      "href",
      "/gerencia/compra/1/paid?status=AWAIT_PAYMENT",
    );
    expect(screen.queryByRole("link", { name: "Estornar" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute(
      "href",
      "/gerencia/compra?status=AWAIT_PAYMENT",
    );
  });

  it("shows a paid card purchase with the card's brand and last digits, and offers the refund", async () => {
    server({
      "GET /api/purchases/2": () =>
        json(purchase(2, { ...brunosCardPurchase, card: { brand: "Visa", last4: "1111" } })),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/2");
    await screen.findByText("Visa •••• 1111");
    expect(detailsShown()).toMatchObject({
      Situação: "Pago",
      "Pago em": "20/11/26 23:30",
      Pacotes: "1 × 12 aulas, 2 × 1 aula",
      Desconto: reais("R$ 57,40"),
      Total: reais("R$ 516,60"),
      Cupom: "PROMO10",
      "Forma de pagamento": "Cartão de crédito (2x)",
      Cartão: "Visa •••• 1111",
    });
    expect(screen.getByRole("link", { name: "Estornar" })).toHaveAttribute("href", "/gerencia/compra/2/refund");
    expect(screen.queryByRole("link", { name: "Marcar como pago" })).not.toBeInTheDocument();
  });

  it("shows a boleto's line, due date and printable page, and a declined purchase's reason", async () => {
    server({
      "GET /api/purchases/3": () =>
        json(
          purchase(3, {
            method: "BANKSLIP",
            status: "FAILED",
            failure: "Transação não autorizada",
            payment: {
              digitable_line: "34191.79001 01043.510047 91020.150008 1 95870000018000",
              barcode: "34191958700000180001790010435100479102015000",
              due_date: "2026-11-23",
              pdf_url: "/api/boletos/abc",
            },
          }),
        ),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/3");
    await screen.findByText("Transação não autorizada");
    expect(detailsShown()).toMatchObject({
      Situação: "Recusado",
      "Motivo da recusa": "Transação não autorizada",
      "Linha digitável": "34191.79001 01043.510047 91020.150008 1 95870000018000",
      Vencimento: "23/11/2026",
    });
    expect(screen.getByRole("link", { name: "Abrir o boleto" })).toHaveAttribute("href", "/api/boletos/abc");
  });

  it("shows the payment's gateway reference and each status with when and by whom, no card data", async () => {
    server({
      "GET /api/purchases/3": () => json(purchase(3, { method: "BANKSLIP", status: "PAID" })),
      "GET /api/purchases/3/payment": () =>
        json({
          id: 3,
          gatewayReference: "pay_8f2c1a",
          history: [
            { status: "PENDING", at: "2026-11-20T13:05:00.000Z", by: null },
            { status: "AWAIT_PAYMENT", at: "2026-11-20T13:05:01.000Z", by: "gateway" },
            { status: "PAID", at: "2026-11-21T12:00:00.000Z", by: "admin@example.com" },
          ],
        }),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/3");
    const section = await screen.findByRole("region", { name: "Pagamento" });
    expect(await within(section).findByText("pay_8f2c1a")).toBeInTheDocument();
    const rows = within(within(section).getByRole("table", { name: "Histórico de situações" })).getAllByRole("row");
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Pendente", "20/11/26 10:05", "—"],
      ["Aguardando pagamento", "20/11/26 10:05", "Gateway de pagamento"],
      ["Pago", "21/11/26 09:00", "admin@example.com"],
    ]);
  });

  it("names the reconciliation as who paid a purchase whose checkout never recorded the gateway's answer", async () => {
    server({
      "GET /api/purchases/3": () => json(purchase(3, { method: "CREDIT", status: "PAID", reconciled: true })),
      "GET /api/purchases/3/payment": () =>
        json({
          id: 3,
          gatewayReference: "pay_77aa",
          history: [
            { status: "PENDING", at: "2026-11-20T13:05:00.000Z", by: null },
            { status: "PAID", at: "2026-11-20T13:08:00.000Z", by: "reconciliation" },
          ],
        }),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/3");
    const section = await screen.findByRole("region", { name: "Pagamento" });
    const table = await within(section).findByRole("table", { name: "Histórico de situações" });
    expect(within(table).getAllByRole("row")[2]?.textContent).toContain("Reconciliação com o gateway de pagamento");
  });

  it("says when the gateway never recorded the payment, and shows the section's error apart from the purchase", async () => {
    server({
      "GET /api/purchases/4": () => json(purchase(4, { method: "DEBIT", status: "FAILED" })),
      "GET /api/purchases/4/payment": () => json({ id: 4, gatewayReference: null, history: [] }),
      "GET /api/purchases/5": () => json(purchase(5)),
      "GET /api/purchases/5/payment": () => json({ message: "Falha ao ler o pagamento" }, { status: 500 }),
    });
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra/4");
    const section = await screen.findByRole("region", { name: "Pagamento" });
    expect(
      await within(section).findByText("nenhuma (o gateway não chegou a registrar o pagamento)", { exact: false }),
    ).toBeInTheDocument();
    await router.navigate("/gerencia/compra/5");
    expect(await screen.findByText("Falha ao ler o pagamento")).toBeInTheDocument();
    expect(screen.getByText("Ana Souza (ana@example.com)")).toBeInTheDocument();
  });

  it("shows an error when the purchase does not exist", async () => {
    server({ "GET /api/purchases/9": () => json({ message: "error.purchase.notFound" }, { status: 404 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/9");
    expect(await screen.findByRole("alert")).toHaveTextContent("Compra não encontrada.");
  });
});
