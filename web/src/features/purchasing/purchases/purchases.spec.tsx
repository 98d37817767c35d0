import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { type FakeRequest, json } from "../../../test/fake-api";
import { deferred, pageOf, purchase } from "../../../test/fake-sales";
import { linksOf } from "../../../test/links";
import { optionNames } from "../../../test/options";
import { renderRoutes } from "../../../test/render";
import { adminPurchasingArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { reais, server } from "./purchases-server";

/** The row whose first cell, the purchase's ID, is `id`. */
const rowOf = (id: number) =>
  screen
    .getAllByRole("row")
    .find((row) => within(row).queryAllByRole("cell")[0]?.textContent === String(id)) as HTMLElement;
const listCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === "/api/purchases");
const totalCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === "/api/purchases/totalAmount");
const filtersOf = (call: FakeRequest | undefined) =>
  Object.fromEntries(
    ["status", "method", "studentId", "from", "to"].flatMap((name) => {
      const value = call?.query.get(name);
      return value === null || value === undefined ? [] : [[name, value]];
    }),
  );

signInAdministratorForEachTest();

describe("purchases list", () => {
  it("shows each purchase's date in São Paulo, student, packages, method, status in Portuguese, total and coupon", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "ID",
      "Data ▼",
      "Aluno",
      "Pacotes",
      "Forma de pagamento",
      "Situação",
      "Total",
      "Cupom",
      "",
    ]);
    const cells = (id: number) =>
      within(rowOf(id))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(1).slice(1, 8)).toEqual([
      "20/11/26 10:05",
      "Ana Souza",
      "1 × 4 aulas",
      "Pix",
      "Aguardando pagamento",
      reais("R$ 180,00"),
      "—",
    ]);
    expect(cells(2).slice(1, 8)).toEqual([
      "20/11/26 23:30",
      "Bruno Lima",
      "1 × 12 aulas, 2 × 1 aula",
      "Cartão de crédito (2x)",
      "Pago",
      reais("R$ 516,60"),
      "PROMO10",
    ]);
    expect(cells(4)[5]).toBe("Aguardando autenticação");
    expect(cells(5)[5]).toBe("Expirado");
    expect(cells(6)[5]).toBe("Estornado");
    const first = listCalls(calls)[0];
    expect([first?.query.get("page"), first?.query.get("size"), first?.query.get("sort")]).toEqual([
      "0",
      "20",
      "date,desc",
    ]);
    expect(filtersOf(first)).toEqual({});
  });

  it("marks the purchases whose outcome came from asking the gateway again after a crash during the checkout", async () => {
    server({
      "GET /api/purchases": ({ query }) =>
        pageOf(
          [
            purchase(7, { method: "CREDIT", status: "PAID", reconciled: true }),
            purchase(8, { method: "CREDIT", status: "FAILED" }),
          ],
          query,
        ),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("table");
    const status = within(rowOf(7)).getAllByRole("cell")[5];
    expect(status?.textContent).toBe("Pago Reconciliada");
    expect(within(rowOf(7)).getByText("Reconciliada").getAttribute("title")).toContain("meio de pagamento");
    expect(within(rowOf(8)).getAllByRole("cell")[5]?.textContent).toBe("Recusado");
  });

  it("shows what the filter paid in all in the 'Total pago' panel", async () => {
    server({ "GET /api/purchases/totalAmount": () => json({ total: 1234.5, count: 3 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    const panel = await screen.findByRole("group", { name: "Total pago" });
    await waitFor(() => expect(panel).toHaveTextContent("Total pago: R$ 1.234,50 · 3 compras pagas"));
  });

  it("offers 'Marcar como pago' only for a boleto or Pix still unpaid, and 'Estornar' only for a paid purchase", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("table");
    const actions = (id: number) =>
      within(rowOf(id))
        .queryAllByRole("link")
        .map((link) => link.textContent);
    expect(actions(1)).toEqual(["Ver", "Marcar como pago", "Histórico"]);
    expect(actions(2)).toEqual(["Ver", "Estornar", "Histórico"]);
    expect(actions(3)).toEqual(["Ver", "Marcar como pago", "Histórico"]);
    expect(actions(4)).toEqual(["Ver", "Histórico"]);
    expect(actions(5)).toEqual(["Ver", "Histórico"]);
    expect(actions(6)).toEqual(["Ver", "Histórico"]);
    expect(within(rowOf(3)).getByRole("link", { name: "Marcar como pago" })).toHaveAttribute(
      "href",
      "/gerencia/compra/3/paid",
    );
    expect(within(rowOf(3)).getByRole("link", { name: "Histórico" })).toHaveAttribute(
      "href",
      "/auditoria/fluxos/purchase-3",
    );
  });

  it("filters by status, method, student and period: the list and the total are asked again with them, from page 1", async () => {
    const calls = server();
    // Page 2 of six purchases is empty; a new filter starts again from page 1.
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra?page=2&sort=date,desc");
    await screen.findByText("Nenhuma compra encontrada");
    const user = userEvent.setup();
    expect(optionNames(screen.getByLabelText("Situação"))).toEqual([
      "Todas",
      "Pendente",
      "Aguardando autenticação",
      "Aguardando pagamento",
      "Pago",
      "Recusado",
      "Expirado",
      "Estornado",
    ]);
    expect(optionNames(screen.getByLabelText("Forma de pagamento"))).toEqual([
      "Todas",
      "Cartão de crédito",
      "Cartão de débito",
      "Pix",
      "Boleto",
    ]);
    await waitFor(() =>
      expect(optionNames(screen.getByLabelText("Aluno"))).toEqual(["Todos", "Ana Souza", "Bruno Lima"]),
    );
    await user.selectOptions(screen.getByLabelText("Situação"), "Pago");
    await user.selectOptions(screen.getByLabelText("Forma de pagamento"), "Boleto");
    await user.selectOptions(screen.getByLabelText("Aluno"), "Bruno Lima");
    await user.type(screen.getByLabelText("De"), "2026-11-01");
    await user.type(screen.getByLabelText("Até"), "2026-11-30");
    const asked = listCalls(calls).length;
    expect(totalCalls(calls)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));

    const wanted = { status: "PAID", method: "BANKSLIP", studentId: "6", from: "2026-11-01", to: "2026-11-30" };
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1))).toEqual(wanted));
    expect(listCalls(calls).length).toBe(asked + 1);
    expect(listCalls(calls).at(-1)?.query.get("page")).toBe("0");
    await waitFor(() => expect(filtersOf(totalCalls(calls).at(-1))).toEqual(wanted));
    const url = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({ ...wanted, page: "1", sort: "date,desc" });

    await user.click(screen.getByRole("button", { name: "Limpar" }));
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1))).toEqual({}));
    expect(filtersOf(totalCalls(calls).at(-1))).toEqual({});
    expect(screen.getByLabelText("Situação")).toHaveValue("");
  });

  it("reads the filter from the URL, so a shared link shows the same purchases", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/compra?status=AWAIT_PAYMENT&method=PIX&studentId=5");
    await screen.findByRole("table");
    expect(filtersOf(listCalls(calls)[0])).toEqual({ status: "AWAIT_PAYMENT", method: "PIX", studentId: "5" });
    expect(filtersOf(totalCalls(calls)[0])).toEqual({ status: "AWAIT_PAYMENT", method: "PIX", studentId: "5" });
    expect(screen.getByLabelText("Situação")).toHaveValue("AWAIT_PAYMENT");
    expect(screen.getByLabelText("Forma de pagamento")).toHaveValue("PIX");
  });

  it("refuses a period that ends before it starts, without asking the server", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("De"), "2026-11-10");
    await user.type(screen.getByLabelText("Até"), "2026-11-01");
    const asked = calls.length;
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A data inicial deve ser anterior ou igual à final.");
    expect(calls.length).toBe(asked);
  });

  it("pages with the X-Total-Count, keeping the filter", async () => {
    const many = Array.from({ length: 45 }, (_, index) => purchase(index + 1));
    const calls = server({ "GET /api/purchases": ({ query }) => pageOf(many, query) });
    renderRoutes(adminPurchasingArea, "/gerencia/compra?status=AWAIT_PAYMENT");
    await screen.findByRole("table");
    expect(screen.getAllByRole("button", { name: /^\d+$/ }).map((button) => button.textContent)).toEqual([
      "1",
      "2",
      "3",
    ]);
    await userEvent.setup().click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("page")).toBe("2"));
    expect(listCalls(calls).at(-1)?.query.get("status")).toBe("AWAIT_PAYMENT");
    expect(await screen.findAllByRole("row")).toHaveLength(6);
  });

  it("says Carregando... while loading, then 'Nenhuma compra encontrada' when there is none", async () => {
    const answer = deferred();
    server({ "GET /api/purchases": () => answer.promise });
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("heading", { name: "Compras", level: 2 });
    expect(screen.getAllByText("Carregando...").length).toBeGreaterThan(0);
    answer.release(json([], { headers: { "X-Total-Count": "0" } }));
    expect(await screen.findByText("Nenhuma compra encontrada")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error when the list or the total cannot be read", async () => {
    server({
      "GET /api/purchases": () => json({ message: "Falha ao ler as compras" }, { status: 500 }),
      "GET /api/purchases/totalAmount": () => json({ message: "Falha ao somar as compras" }, { status: 500 }),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
        "Falha ao somar as compras",
        "Falha ao ler as compras",
      ]),
    );
  });
});

describe("marking paid and refunding", () => {
  it("marks a Pix paid after the confirmation: the list and the total are read again and a success is told", async () => {
    const calls = server();
    render(<ToastRegion />);
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra?page=1&sort=date,desc");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(rowOf(1)).getByRole("link", { name: "Marcar como pago" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar pagamento" });
    expect(dialog).toHaveTextContent(
      "Marcar como paga a compra 1 de Ana Souza (R$ 180,00)? Os créditos de aula são concedidos ao aluno.",
    );
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    const totalsBefore = totalCalls(calls).length;
    await user.click(within(dialog).getByRole("button", { name: "Marcar como pago" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/compra"));
    expect(router.state.location.search).toBe("?page=1&sort=date,desc");
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.path)).toEqual(["/api/purchases/1/paid"]);
    expect(await screen.findByText("Compra 1 marcada como paga.")).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(1)).getAllByRole("cell")[5]).toHaveTextContent("Pago"));
    expect(within(rowOf(1)).getByRole("link", { name: "Estornar" })).toBeInTheDocument();
    await waitFor(() => expect(totalCalls(calls).length).toBe(totalsBefore + 1));
    expect(await screen.findByRole("group", { name: "Total pago" })).toHaveTextContent("R$ 696,60");
    // The confirmation leaves with its route, a render after the list's (CI once saw it a moment longer).
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("refunds a paid purchase after the confirmation", async () => {
    const calls = server();
    render(<ToastRegion />);
    renderRoutes(adminPurchasingArea, "/gerencia/compra");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(rowOf(2)).getByRole("link", { name: "Estornar" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar estorno" });
    expect(dialog).toHaveTextContent("Estornar a compra 2 de Bruno Lima (R$ 516,60)?");
    await user.click(within(dialog).getByRole("button", { name: "Estornar" }));
    expect(await screen.findByText("Compra 2 estornada.")).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(2)).getAllByRole("cell")[5]).toHaveTextContent("Estornado"));
    expect(within(rowOf(2)).queryByRole("link", { name: "Estornar" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/purchases/2/refund",
    ]);
  });

  it("shows the server's refusal of a refund whose credits were spent, and keeps the confirmation open", async () => {
    server({
      "POST /api/purchases/2/refund": () => json({ message: "error.credits.alreadySpent" }, { status: 409 }),
    });
    render(<ToastRegion />);
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra/2/refund");
    const dialog = await screen.findByRole("dialog", { name: "Confirmar estorno" });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Estornar" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "O aluno já usou os créditos desta compra: não é possível estorná-la.",
    );
    expect(router.state.location.pathname).toBe("/gerencia/compra/2/refund");
    expect(within(rowOf(2)).getAllByRole("cell")[5]).toHaveTextContent("Pago");
    expect(screen.queryByText(/estornada/)).not.toBeInTheDocument();
  });

  it("after a 202 (the change stored, the list not yet), waits until the purchase shows it paid", async () => {
    let projected = false;
    const calls = server({
      "PUT /api/purchases/1/paid": () =>
        json(
          { location: "/api/purchases/1" },
          {
            status: 202,
            headers: { Location: "/api/purchases/1", "X-app-alert": "purchasing.purchase.paid", "X-app-params": "1" },
          },
        ),
      // The read model catches up between the first and the second read of the Location.
      "GET /api/purchases/1": () => {
        const answer = json(purchase(1, projected ? { status: "PAID" } : {}));
        projected = true;
        return answer;
      },
    });
    render(<ToastRegion />);
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra/1/paid");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Marcar como pago" }));
    expect(await screen.findByText("Compra 1 marcada como paga.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/compra"));
    expect(calls.filter((call) => call.path === "/api/purchases/1")).toHaveLength(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the server's refusal to mark a card payment paid", async () => {
    server({
      "PUT /api/purchases/1/paid": () => json({ message: "error.purchase.notMarkable" }, { status: 400 }),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra/1/paid");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Marcar como pago" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Só um boleto ou Pix é marcado como pago à mão; pagamentos com cartão são confirmados pela operadora.",
    );
  });

  it("cancelling the confirmation changes nothing", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/compra/3/paid?status=PENDING");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/compra"));
    expect(router.state.location.search).toBe("?status=PENDING");
    expect(calls.some((call) => call.method !== "GET")).toBe(false);
  });
});

describe("the administration menu", () => {
  it("links to the sales sections, and Compras opens the purchases", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia");
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(linksOf(menu)).toEqual([
      ["Professores", "/gerencia/professor"],
      ["Alunos", "/gerencia/aluno"],
      ["Administradores", "/gerencia/administrador"],
      ["Cupons", "/gerencia/cupom"],
      ["Compras", "/gerencia/compra"],
      ["Pacotes de aulas", "/gerencia/pacote"],
      ["Sair", "/logout"],
    ]);
    await userEvent.setup().click(within(menu).getByRole("link", { name: "Compras" }));
    expect(await screen.findByRole("heading", { name: "Compras", level: 2 })).toBeInTheDocument();
  });
});

describe("the section's other paths (spec section 2)", () => {
  it.each([
    ["/gerencia/purchase?status=PAID", "/gerencia/compra?status=PAID"],
    ["/gerencia/purchase/2/refund", "/gerencia/compra/2/refund"],
    ["/gerenciapurchase", "/gerencia/compra"],
  ])("%s leads to %s", async (path, wanted) => {
    server();
    const { router } = renderRoutes(adminPurchasingArea, path);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(wanted));
    expect(await screen.findByRole("heading", { name: "Compras", level: 2 })).toBeInTheDocument();
  });
});

describe("purchases list read from a replay (`?replay=<id>`)", () => {
  it("shows an auditor the purchases and what they paid as they stood, read-only, without asking today's students", async () => {
    const calls = server({
      "GET /api/account": () =>
        json({
          id: 8,
          login: "auditora@example.com",
          email: "auditora@example.com",
          firstName: "Auditora",
          lastName: "Reis",
          activated: true,
          langKey: "pt-br",
          authorities: ["ROLE_USER", "ROLE_AUDITOR"],
        }),
      "GET /api/audit/replays/abc123abc123": () =>
        json({
          id: "abc123abc123",
          projection: "purchases",
          at: "2026-11-21T03:00:00.000Z",
          status: "done",
          replayed: 10,
          total: 10,
          error: null,
          requestedBy: "8",
          createdAt: "2026-11-22T12:00:00.000Z",
          finishedAt: "2026-11-22T12:00:01.000Z",
          expiresAt: "2026-11-23T12:00:00.000Z",
          screens: ["/gerencia/compra?replay=abc123abc123"],
        }),
    });
    renderRoutes(adminPurchasingArea, "/gerencia/compra?replay=abc123abc123");
    await screen.findByRole("table", {}, { timeout: 5000 });
    expect(await screen.findByRole("status")).toHaveTextContent("Réplica de 21/11/26 00:00 — somente leitura.");
    expect(listCalls(calls).every((call) => call.query.get("replay") === "abc123abc123")).toBe(true);
    expect(totalCalls(calls).every((call) => call.query.get("replay") === "abc123abc123")).toBe(true);
    expect(calls.some((call) => call.path === "/api/users/student")).toBe(false);
    // A boleto waiting and a paid purchase: neither can be marked paid nor refunded from a replay.
    for (const id of [1, 2]) {
      expect(within(rowOf(id)).queryByRole("link", { name: /Marcar como pago|Estornar|Ver/ })).toBeNull();
      expect(within(rowOf(id)).getByRole("link", { name: "Histórico" })).toBeInTheDocument();
    }
    // Filtering stays on the replay.
    await userEvent.selectOptions(screen.getByLabelText("Situação"), "PAID");
    await userEvent.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("status")).toBe("PAID"));
    expect(listCalls(calls).at(-1)?.query.get("replay")).toBe("abc123abc123");
  });
});
