import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { adminAccount, deferred } from "../../../test/fake-sales";
import { renderRoutes } from "../../../test/render";
import { adminPurchasingArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

/** Reais as Intl writes them, with a no-break space after R$. */
const reais = (text: string) => text.replaceAll("R$ ", "R$\u00a0");

/** The spec's packs, answered out of order as the API may; deleting one takes it off sale. */
const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let packages: ItemPackageView[] = [
    { id: 4, amount: 12, value: 480 },
    { id: 1, amount: 1, value: 47 },
    { id: 2, amount: 4, value: 180 },
    { id: 3, amount: 8, value: 340 },
  ];
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/item-packages": () => json(packages, { headers: { "X-Total-Count": String(packages.length) } }),
    "GET /api/item-packages/2": () => json(packages.find((item) => item.id === 2)),
    "POST /api/item-packages": ({ body }) => json({ ...(body as object), id: 9 }, { status: 201 }),
    "PUT /api/item-packages": ({ body }) => json(body),
    "DELETE /api/item-packages/3": () => {
      packages = packages.filter((item) => item.id !== 3);
      return new Response(null, {
        status: 204,
        headers: { "X-app-alert": "catalog.itemPackage.deleted", "X-app-params": "3" },
      });
    },
    ...overrides,
  });
};

const rowOf = (id: number) =>
  screen
    .getAllByRole("row")
    .find((row) => within(row).queryAllByRole("cell")[0]?.textContent === String(id)) as HTMLElement;
const sent = (calls: FakeRequest[], method: string) => calls.filter((call) => call.method === method);

signInAdministratorForEachTest();

describe("item packages list", () => {
  it("shows the packs by number of lessons, with price, price per lesson, and their links", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/pacote");
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "ID",
      "Aulas",
      "Valor",
      "Por aula",
      "",
    ]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["1", "1", reais("R$ 47,00"), reais("R$ 47,00")],
      ["2", "4", reais("R$ 180,00"), reais("R$ 45,00")],
      ["3", "8", reais("R$ 340,00"), reais("R$ 42,50")],
      ["4", "12", reais("R$ 480,00"), reais("R$ 40,00")],
    ]);
    expect(
      within(rowOf(2))
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Ver", "/gerencia/pacote/2"],
      ["Editar", "/gerencia/pacote/2/edit"],
      ["Excluir", "/gerencia/pacote/2/delete"],
    ]);
    expect(screen.getByRole("link", { name: "Criar pacote" })).toHaveAttribute("href", "/gerencia/pacote/new");
  });

  it("says Carregando... while loading, then 'Nenhum pacote encontrado' when there is none", async () => {
    const answer = deferred();
    server({ "GET /api/item-packages": () => answer.promise });
    renderRoutes(adminPurchasingArea, "/gerencia/pacote");
    await screen.findByRole("heading", { name: "Pacotes de aulas", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    answer.release(json([], { headers: { "X-Total-Count": "0" } }));
    expect(await screen.findByText("Nenhum pacote encontrado")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error when the list cannot be read", async () => {
    server({ "GET /api/item-packages": () => json({ message: "Falha ao ler os pacotes" }, { status: 500 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/pacote");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler os pacotes");
  });

  it("deletes a pack after the confirmation and returns to the list keeping its query string", async () => {
    const calls = server();
    render(<ToastRegion />);
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/pacote?page=1&sort=id,asc");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(rowOf(3)).getByRole("link", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar exclusão" });
    expect(dialog).toHaveTextContent("Tem certeza de que deseja excluir este pacote?");
    expect(sent(calls, "DELETE")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/pacote"));
    expect(router.state.location.search).toBe("?page=1&sort=id,asc");
    expect(sent(calls, "DELETE").map((call) => call.path)).toEqual(["/api/item-packages/3"]);
    expect(await screen.findByText("Pacote 3 excluído.")).toBeInTheDocument();
    await waitFor(() => expect(rowOf(3)).toBeUndefined());
  });

  it("cancelling the confirmation deletes nothing", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/pacote/3/delete");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/pacote"));
    expect(sent(calls, "DELETE")).toHaveLength(0);
  });
});

describe("item package detail and form", () => {
  it("shows one pack read-only", async () => {
    server();
    renderRoutes(adminPurchasingArea, "/gerencia/pacote/2?page=1&sort=id,asc");
    await screen.findByText("R$ 45,00");
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    const values = screen.getAllByRole("definition").map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      ID: "2",
      Aulas: "4",
      Valor: reais("R$ 180,00"),
      "Por aula": reais("R$ 45,00"),
    });
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/gerencia/pacote?page=1&sort=id,asc");
  });

  it("requires the lessons (1 to 1000) and a price above zero before sending", async () => {
    const calls = server();
    renderRoutes(adminPurchasingArea, "/gerencia/pacote/new");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Salvar" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(2);
    await user.type(screen.getByLabelText("Aulas"), "0");
    await user.type(screen.getByLabelText("Valor (R$)"), "0");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe um número inteiro de aulas de 1 a 1000.")).toBeInTheDocument();
    expect(screen.getByText("Informe um valor maior que zero, até R$ 1.000.000.")).toBeInTheDocument();
    expect(sent(calls, "POST")).toHaveLength(0);
  });

  it("creates a pack with a price typed with a comma and returns to the list keeping its query", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/pacote/new?page=1&sort=id,asc");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Aulas"), "24");
    await user.type(screen.getByLabelText("Valor (R$)"), "899,90");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/pacote"));
    expect(router.state.location.search).toBe("?page=1&sort=id,asc");
    expect(sent(calls, "POST").map((call) => call.body)).toEqual([{ amount: 24, value: 899.9 }]);
  });

  it("reprices a pack with its id read-only, sending the id in the body", async () => {
    const calls = server();
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/pacote/2/edit");
    expect(await screen.findByLabelText("ID")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Aulas")).toHaveValue("4");
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Valor (R$)"));
    await user.type(screen.getByLabelText("Valor (R$)"), "170");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/pacote"));
    expect(sent(calls, "PUT").map((call) => [call.path, call.body])).toEqual([
      ["/api/item-packages", { id: 2, amount: 4, value: 170 }],
    ]);
  });

  it("shows the server's refusal, translated, and stays on the form", async () => {
    server({ "POST /api/item-packages": () => json({ message: "error.itemPackage.exists" }, { status: 400 }) });
    const { router } = renderRoutes(adminPurchasingArea, "/gerencia/pacote/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Aulas"), "4");
    await user.type(screen.getByLabelText("Valor (R$)"), "180");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Este pacote já existe.");
    expect(router.state.location.pathname).toBe("/gerencia/pacote/new");
  });

  it("shows an error when the pack to edit does not exist", async () => {
    server({ "GET /api/item-packages/2": () => json({ message: "error.itemPackage.notFound" }, { status: 404 }) });
    renderRoutes(adminPurchasingArea, "/gerencia/pacote/2/edit");
    expect(await screen.findByRole("alert")).toHaveTextContent("Pacote não encontrado.");
  });
});

describe("the section's other paths (spec section 2)", () => {
  it.each([
    ["/gerencia/item-package", "/gerencia/pacote"],
    ["/gerencia/item-package/2/edit?page=1&sort=id,asc", "/gerencia/pacote/2/edit?page=1&sort=id,asc"],
    ["/gerenciaitem-package/new", "/gerencia/pacote/new"],
  ])("%s leads to %s", async (path, wanted) => {
    server();
    const { router } = renderRoutes(adminPurchasingArea, path);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(wanted));
  });
});
