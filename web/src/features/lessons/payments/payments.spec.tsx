import type { PaymentView } from "@el/domain/lessons/payment-view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { fakeApi, json, pageOf } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminSectionsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const payment = (id: number): PaymentView => ({
  id,
  value: 25,
  valueCents: 2500,
  date: "2026-05-31T15:00:00.000Z",
  lesson: {
    id: id + 100,
    date: "2026-05-04T13:00:00.000Z",
    trail: { id: 5, number: 3, title: "Ordering food" },
    student: { id: 11, firstName: "Ana", lastName: "Souza" },
  },
  teacher: { id: 21, firstName: "Bruno", lastName: "Lima" },
});

const reais = (text: string) => text.replace(" ", "\u00a0");

signInAdministratorForEachTest();

describe("teacher payments", { timeout: 20_000 }, () => {
  it("lists the payments with teacher, student, trail, dates and value, and their count and sum", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/payments": ({ query }) => pageOf([payment(1), payment(2)], query),
      "GET /api/payments/totalAmount": () => json({ count: 2, totalAmount: 50, totalAmountCents: 5000 }),
    });
    renderRoutes(adminSectionsArea, "/gerencia/pagamento");
    const table = await screen.findByRole("table");
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "1",
      "Bruno Lima",
      "Ana Souza",
      "3 - Ordering food",
      "04/05/2026, 10:00",
      reais("R$ 25,00"),
      "31/05/2026, 12:00",
      "VerDesfazer",
    ]);
    expect(await screen.findByText(/^2 pagamentos, R\$\s50,00$/)).toBeInTheDocument();
  });

  it("filters by the lesson's year and month", async () => {
    const calls = fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/payments": ({ query }) => pageOf([payment(1)], query),
      "GET /api/payments/totalAmount": () => json({ count: 1, totalAmount: 25, totalAmountCents: 2500 }),
    });
    renderRoutes(adminSectionsArea, "/gerencia/pagamento");
    await screen.findByRole("table");
    const user = userEvent.setup();
    const year = String(new Date().getFullYear());
    await user.selectOptions(screen.getByRole("combobox", { name: "Ano" }), year);
    await user.selectOptions(screen.getByRole("combobox", { name: "Mês" }), "Maio");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === "/api/payments")
          .at(-1)
          ?.query.get("month"),
      ).toBe("5"),
    );
    expect(
      calls
        .filter((call) => call.path === "/api/payments/totalAmount")
        .at(-1)
        ?.query.get("year"),
    ).toBe(year);
  });

  it("undoes a payment after the confirmation, and says so when none is left", async () => {
    let payments = [payment(1)];
    const calls = fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/payments": ({ query }) => pageOf(payments, query),
      "GET /api/payments/totalAmount": () => json({ count: payments.length, totalAmount: 25, totalAmountCents: 2500 }),
      "DELETE /api/payments/1": () => {
        payments = [];
        return json({ id: 1, lesson: { id: 101 } });
      },
    });
    renderRoutes(adminSectionsArea, "/gerencia/payment/1/delete");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText("Nenhum pagamento encontrado")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/api/payments/1"]);
  });

  it("opens a payment from the list: value, date, teacher, the lesson it paid (linked to its history entry), student and trail", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/payments": ({ query }) => pageOf([payment(1), payment(2)], query),
      "GET /api/payments/totalAmount": () => json({ count: 2, totalAmount: 50, totalAmountCents: 5000 }),
      "GET /api/payments/2": () => json(payment(2)),
    });
    renderRoutes(adminSectionsArea, "/gerencia/pagamento?year=2026");
    const table = await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(within(table).getAllByRole("row")[2] as HTMLElement).getByRole("link", { name: "Ver" }));
    expect(await screen.findByRole("heading", { name: /^Pagamento \[\s*2\s*\]$/ })).toBeInTheDocument();
    const details = (await screen.findByText("Bruno Lima")).closest("dl") as HTMLElement;
    expect([...details.querySelectorAll("dd")].map((item) => item.textContent)).toEqual([
      "2",
      reais("R$ 25,00"),
      "31/05/2026, 12:00",
      "Bruno Lima",
      "102",
      "Ana Souza",
      "3 - Ordering food",
      "04/05/2026, 10:00",
    ]);
    expect(within(details).getByRole("link", { name: "102" })).toHaveAttribute("href", "/gerencia/historico/102");
    expect(screen.getByRole("link", { name: "Desfazer" })).toHaveAttribute(
      "href",
      "/gerencia/pagamento/2/delete?year=2026",
    );
    await user.click(screen.getByRole("link", { name: "Voltar" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("says when the payment does not exist (undone meanwhile)", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/payments/9": () => json({ message: "error.lesson.paymentNotFound" }, { status: 404 }),
    });
    renderRoutes(adminSectionsArea, "/gerencia/pagamento/9");
    expect(await screen.findByRole("heading", { name: /^Pagamento \[\s*9\s*\]$/ })).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
