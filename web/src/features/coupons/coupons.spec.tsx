import type { CouponView } from "@el/domain/coupons/coupon-views";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../components/toast/toast-region";
import { type FakeRequest, fakeApi, json } from "../../test/fake-api";
import { adminAccount, coupon, deferred, packages, pageOf, students } from "../../test/fake-sales";
import { optionNames } from "../../test/options";
import { renderRoutes } from "../../test/render";
import { adminPurchasingArea } from "../../test/render-area";
import { signInAdministratorForEachTest } from "../../test/sign-in";

/** Reais as Intl writes them, with a no-break space after R$. */
const reais = (text: string) => text.replaceAll("R$ ", "R$\u00a0");

/**
 * 60 coupons: 1 a 10% one with 3 of its 10 uses made, 2 R$ 5,00 off the 4-lesson pack for Ana only and
 * inactive; the others plain. Search finds the codes holding the query.
 */
const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let coupons: CouponView[] = Array.from({ length: 60 }, (_, index) => coupon(index + 1));
  coupons[0] = coupon(1, { code: "BEMVINDO", used: 3 });
  coupons[1] = coupon(2, {
    code: "ANA5",
    quantity: 1,
    discount: 5,
    percentual: false,
    itemPackage: { id: 2, amount: 4 },
    user: { id: 5, login: "ana@example.com" },
    active: false,
  });
  const byId = (id: number) => coupons.find((item) => item.id === id);
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/student": () => json(students),
    "GET /api/item-packages": () => json(packages, { headers: { "X-Total-Count": "3" } }),
    "GET /api/coupons": ({ query }) => pageOf(coupons, query),
    "GET /api/_search/coupons": ({ query }) =>
      pageOf(
        coupons.filter((item) => item.code.includes((query.get("query") ?? "").toUpperCase())),
        query,
      ),
    "GET /api/coupons/1": () => json(byId(1)),
    "GET /api/coupons/2": () => json(byId(2)),
    "PUT /api/coupons": ({ body }) => {
      const sent = body as CouponView;
      coupons = coupons.map((item) =>
        item.id === sent.id ? { ...item, ...sent, itemPackage: item.itemPackage, user: item.user } : item,
      );
      return json(byId(sent.id));
    },
    "POST /api/coupons": ({ body }) => json({ ...coupon(100), ...(body as object), id: 100 }, { status: 201 }),
    "DELETE /api/coupons/2": () => {
      coupons = coupons.filter((item) => item.id !== 2);
      return new Response(null, {
        status: 204,
        headers: { "X-app-alert": "coupons.coupon.deleted", "X-app-params": "2" },
      });
    },
    ...overrides,
  });
};

const rowOf = (code: string) => screen.getByText(code, { selector: "td" }).closest("tr") as HTMLElement;
const cellsOf = (code: string) =>
  within(rowOf(code))
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
const listCalls = (calls: FakeRequest[]) =>
  calls.filter((call) => call.path === "/api/coupons" || call.path === "/api/_search/coupons");
const sent = (calls: FakeRequest[], method: string) => calls.filter((call) => call.method === method);

signInAdministratorForEachTest();

describe("coupons list", () => {
  it("shows code, uses left of all, discount as % or R$, pack, student and the Ativo/Inativo badge", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom");
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "ID ▲",
      "Código",
      "Usos restantes",
      "Desconto",
      "Pacote",
      "Aluno",
      "Situação",
      "",
    ]);
    expect(cellsOf("BEMVINDO").slice(0, 7)).toEqual([
      "1",
      "BEMVINDO",
      "7/10",
      "10%",
      "Qualquer pacote",
      "Qualquer aluno",
      "Ativo",
    ]);
    expect(cellsOf("ANA5").slice(0, 7)).toEqual([
      "2",
      "ANA5",
      "1/1",
      reais("R$ 5,00"),
      "4 aulas",
      "ana@example.com",
      "Inativo",
    ]);
    expect(screen.getByText("60 cupons")).toBeInTheDocument();
    const links = within(rowOf("ANA5")).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Ver", "/gerencia/cupom/2"],
      ["Editar", "/gerencia/cupom/2/edit"],
      ["Excluir", "/gerencia/cupom/2/delete"],
    ]);
    expect(screen.getByRole("link", { name: "Criar cupom" })).toHaveAttribute("href", "/gerencia/cupom/new");
  });

  it("searches by code with Buscar and lists everything again with Limpar", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom?page=2&sort=code,asc");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Buscar cupom" }), "ana");
    expect(listCalls(calls)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Buscar" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toBe("/api/_search/coupons"));
    expect(listCalls(calls).at(-1)?.query.get("query")).toBe("ana");
    expect(listCalls(calls).at(-1)?.query.get("page")).toBe("0");
    expect(await screen.findByText("ANA5", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByText("BEMVINDO", { selector: "td" })).not.toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      query: "ana",
      page: "1",
      sort: "code,asc",
    });

    await user.click(screen.getByRole("button", { name: "Limpar" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toBe("/api/coupons"));
    expect(screen.getByRole("searchbox", { name: "Buscar cupom" })).toHaveValue("");
    expect(await screen.findByText("BEMVINDO", { selector: "td" })).toBeInTheDocument();
  });

  it("sorts by a clicked header and pages with 5 buttons, both in the URL and in the API call", async () => {
    const many = Array.from({ length: 150 }, (_, index) => coupon(index + 1));
    const calls = server({ "GET /api/coupons": ({ query }) => pageOf(many, query) });
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Código" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("code,asc"));
    await user.click(screen.getByRole("button", { name: /Código/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("code,desc"));
    expect(screen.getByRole("columnheader", { name: /Código/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getAllByRole("button", { name: /^\d+$/ }).map((button) => button.textContent)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    await user.click(screen.getByRole("button", { name: "4" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("page")).toBe("3"));
    expect(router.state.location.search).toBe("?page=4&sort=code%2Cdesc");
  });

  it("turns a coupon on from its badge, sending the coupon as it is with active flipped", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("ANA5")).getByRole("button", { name: "Inativo" }));
    expect(await within(rowOf("ANA5")).findByRole("button", { name: "Ativo" })).toBeInTheDocument();
    expect(sent(calls, "PUT").map((call) => call.body)).toEqual([
      {
        id: 2,
        code: "ANA5",
        quantity: 1,
        discount: 5,
        percentual: false,
        itemPackage: { id: 2 },
        user: { id: 5 },
        active: true,
      },
    ]);
  });

  it("says Carregando... while loading, then 'Nenhum cupom encontrado' when there is none", async () => {
    const answer = deferred();
    server({ "GET /api/coupons": () => answer.promise });
    renderRoutes(adminPurchasingArea, "/gerencia/cupom");
    await screen.findByRole("heading", { name: "Cupons", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    answer.release(json([], { headers: { "X-Total-Count": "0" } }));
    expect(await screen.findByText("Nenhum cupom encontrado")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error when the list cannot be read", async () => {
    server({ "GET /api/coupons": () => json({ message: "Falha ao ler os cupons" }, { status: 500 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/cupom");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler os cupons");
  });
});

describe("deleting a coupon", () => {
  it("asks first, deletes, and returns to the list keeping its query string", async () => {
    const calls = server();
    render(<ToastRegion />);
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom?page=1&sort=id,asc");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(rowOf("ANA5")).getByRole("link", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar exclusão" });
    expect(dialog).toHaveTextContent("Tem certeza de que deseja excluir este cupom?");
    expect(sent(calls, "DELETE")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/cupom"));
    expect(router.state.location.search).toBe("?page=1&sort=id,asc");
    expect(sent(calls, "DELETE").map((call) => call.path)).toEqual(["/api/coupons/2"]);
    expect(await screen.findByText("Cupom 2 excluído.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("ANA5", { selector: "td" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the confirmation", async () => {
    server({ "DELETE /api/coupons/2": () => json({ message: "Cupom já usado em compras." }, { status: 409 }) });
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom/2/delete");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Cupom já usado em compras.");
    expect(router.state.location.pathname).toBe("/gerencia/cupom/2/delete");
  });
});

describe("coupon detail", () => {
  it("shows the coupon read-only, with Voltar keeping the list's query", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/2?page=3&sort=id,asc");
    await screen.findByText("ana@example.com");
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    const values = screen.getAllByRole("definition").map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      ID: "2",
      Código: "ANA5",
      "Quantidade de usos": "1",
      "Usos consumidos": "0",
      "Tipo de desconto": "Valor fixo (R$)",
      Desconto: reais("R$ 5,00"),
      Pacote: "4 aulas",
      Aluno: "ana@example.com",
      Situação: "Inativo",
    });
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/gerencia/cupom?page=3&sort=id,asc");
    expect(screen.getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/gerencia/cupom/2/edit?page=3&sort=id,asc",
    );
  });

  it("shows an error when the coupon does not exist", async () => {
    server({ "GET /api/coupons/2": () => json({ message: "error.coupon.notFound" }, { status: 404 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/2");
    expect(await screen.findByRole("alert")).toHaveTextContent("Cupom não encontrado.");
  });
});

describe("coupon form", () => {
  it("requires a code, a quantity of at least 1 and a discount of at least 0, before sending anything", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText("Quantidade de usos"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(3);
    await user.type(screen.getByLabelText("Quantidade de usos"), "0");
    await user.type(screen.getByLabelText("Desconto"), "-1");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe um número inteiro a partir de 1.")).toBeInTheDocument();
    expect(screen.getByText("Informe um desconto a partir de 0.")).toBeInTheDocument();
    expect(sent(calls, "POST")).toHaveLength(0);
  });

  it("keeps a percentage discount at 100 or less", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Código"), "METADE");
    await user.type(screen.getByLabelText("Desconto"), "150");
    await user.click(screen.getByLabelText("Desconto percentual (%)"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Um desconto percentual vai até 100.")).toBeInTheDocument();
    expect(sent(calls, "POST")).toHaveLength(0);
  });

  it("keeps a fixed discount to centavos", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Código"), "CENTAVOS");
    await user.type(screen.getByLabelText("Desconto"), "5,555");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe um valor com até dois decimais.")).toBeInTheDocument();
    expect(sent(calls, "POST")).toHaveLength(0);
  });

  it("offers the student only while the quantity is 1 or less, and forgets the choice when it grows", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    const student = await screen.findByLabelText("Aluno");
    expect(optionNames(student)).toEqual(["Qualquer aluno", "Ana Souza", "Bruno Lima"]);
    expect(student).toBeEnabled();
    const user = userEvent.setup();
    await user.selectOptions(student, "Bruno Lima");
    const quantity = screen.getByLabelText("Quantidade de usos");
    await user.clear(quantity);
    await user.type(quantity, "5");
    expect(student).toBeDisabled();
    expect(student).toHaveValue("");
    expect(screen.getByText("Só um cupom de um uso pode ser de um aluno.")).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, "1");
    expect(student).toBeEnabled();
  });

  it("creates a coupon for one pack and one student, then returns to the list keeping its query", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom/new?page=2&sort=code,asc");
    const user = userEvent.setup();
    expect(optionNames(await screen.findByLabelText("Pacote"))).toEqual([
      "Qualquer pacote",
      reais("1 aula — R$ 47,00"),
      reais("4 aulas — R$ 180,00"),
      reais("12 aulas — R$ 480,00"),
    ]);
    await user.type(screen.getByLabelText("Código"), " BRUNO10 ");
    await user.type(screen.getByLabelText("Desconto"), "12,5");
    await user.click(screen.getByLabelText("Desconto percentual (%)"));
    await user.selectOptions(screen.getByLabelText("Pacote"), "2");
    await user.selectOptions(screen.getByLabelText("Aluno"), "Bruno Lima");
    await user.click(screen.getByLabelText("Ativo"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/cupom"));
    expect(router.state.location.search).toBe("?page=2&sort=code,asc");
    expect(sent(calls, "POST").map((call) => call.body)).toEqual([
      {
        code: "BRUNO10",
        quantity: 1,
        discount: 12.5,
        percentual: true,
        itemPackage: { id: 2 },
        user: { id: 6 },
        active: true,
      },
    ]);
  });

  it("edits a coupon with its id read-only; a coupon for everyone sends no pack and no student", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom/2/edit");
    expect(await screen.findByLabelText("ID")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Código")).toHaveValue("ANA5");
    expect(screen.getByLabelText("Desconto")).toHaveValue("5");
    expect(screen.getByLabelText("Pacote")).toHaveValue("2");
    expect(screen.getByLabelText("Aluno")).toHaveValue("5");
    expect(screen.getByLabelText("Ativo")).not.toBeChecked();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Quantidade de usos"));
    await user.type(screen.getByLabelText("Quantidade de usos"), "50");
    await user.selectOptions(screen.getByLabelText("Pacote"), "");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/cupom"));
    expect(sent(calls, "PUT").map((call) => call.body)).toEqual([
      {
        id: 2,
        code: "ANA5",
        quantity: 50,
        discount: 5,
        percentual: false,
        itemPackage: null,
        user: null,
        active: false,
      },
    ]);
  });

  it("shows the server's refusal and stays on the form", async () => {
    server({ "POST /api/coupons": () => json({ message: "error.coupon.codeExists" }, { status: 409 }) });
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Código"), "BEMVINDO");
    await user.type(screen.getByLabelText("Desconto"), "10");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Já existe um cupom com este código.");
    expect(router.state.location.pathname).toBe("/gerencia/cupom/new");
  });

  it("shows an error when the packs or students cannot be read", async () => {
    server({ "GET /api/item-packages": () => json({ message: "Falha ao ler os pacotes" }, { status: 500 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/cupom/new");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler os pacotes");
  });
});

describe("the section's other paths (spec section 2)", () => {
  it.each([
    ["/gerencia/coupon?page=2&sort=id,asc", "/gerencia/cupom?page=2&sort=id,asc"],
    ["/gerencia/coupon/2/edit", "/gerencia/cupom/2/edit"],
    ["/gerenciacoupon/new", "/gerencia/cupom/new"],
  ])("%s leads to %s", async (path, wanted) => {
    server();
    const { router } = renderRoutes(adminPurchasingArea, path);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(wanted));
  });
});
