import type { LevelView } from "@el/domain/catalog/catalog-views";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { adminAccount } from "../../../test/fake-accounts";
import { deferred, fakeApi, json, pageOf } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

/** 60 levels on the server; level 2 is inactive. */
const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let levels: LevelView[] = Array.from({ length: 60 }, (_, index) => ({
    id: index + 1,
    name: `Nível ${index + 1}`,
    active: index + 1 !== 2,
  }));
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/levels": ({ query }) => pageOf(levels, query),
    "GET /api/levels/3": () => json(levels[2]),
    "PUT /api/levels/2/toggle": () => {
      levels = levels.map((level) => (level.id === 2 ? { ...level, active: !level.active } : level));
      return json(levels[1]);
    },
    "POST /api/levels": ({ body }) => json({ ...(body as object), id: 100 }, { status: 201 }),
    "PUT /api/levels/3": ({ body }) => json({ id: 3, ...(body as object) }),
    ...overrides,
  });
};

const rowOf = (name: string) => screen.getByText(name, { selector: "td" }).closest("tr") as HTMLElement;

signInAdministratorForEachTest();

describe("levels list", () => {
  it("shows the levels by name with their toggle, a create button and 5 page buttons", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Nome", ""]);
    expect(within(rowOf("Nível 1")).getByRole("button", { name: "Ativo" })).toBeInTheDocument();
    expect(within(rowOf("Nível 2")).getByRole("button", { name: "Inativo" })).toBeInTheDocument();
    expect(within(rowOf("Nível 3")).getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/gerencia/niveis/3/edit",
    );
    expect(screen.getByRole("link", { name: "Criar nível" })).toHaveAttribute("href", "/gerencia/niveis/new");
    const pages = screen.getAllByRole("button", { name: /^\d+$/ });
    expect(pages.map((button) => button.textContent)).toEqual(["1", "2", "3"]);
    const listCall = calls.find((call) => call.path === "/api/levels");
    expect(listCall?.query.get("active")).toBeNull();
  });

  it("pages with at most 5 buttons and asks the API for the chosen page", async () => {
    const many = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, name: `N${index + 1}`, active: true }));
    const calls = server({ "GET /api/levels": ({ query }) => pageOf(many, query) });
    const { router } = renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    expect(screen.getAllByRole("button", { name: /^\d+$/ })).toHaveLength(5);
    await userEvent.setup().click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("page")).toBe("3"));
    expect(await screen.findByText("N41")).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.path === "/api/levels")
        .at(-1)
        ?.query.get("page"),
    ).toBe("2");
  });

  it("toggles a level through PUT api/levels/{id}/toggle and shows its new state", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Nível 2")).getByRole("button", { name: "Inativo" }));
    expect(await within(rowOf("Nível 2")).findByRole("button", { name: "Ativo" })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.path)).toEqual(["/api/levels/2/toggle"]);
  });

  it("shows the server's refusal of a toggle", async () => {
    server({ "PUT /api/levels/2/toggle": () => json({ message: "error.level.notFound" }, { status: 404 }) });
    renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Nível 2")).getByRole("button", { name: "Inativo" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nível não encontrado.");
    expect(within(rowOf("Nível 2")).getByRole("button", { name: "Inativo" })).toBeInTheDocument();
  });

  it("says Carregando... while loading, then 'Nenhum nível encontrado' when there is none", async () => {
    const answer = deferred();
    server({ "GET /api/levels": () => answer.promise });
    renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("heading", { name: "Níveis", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    answer.release(json([], { headers: { "X-Total-Count": "0" } }));
    expect(await screen.findByText("Nenhum nível encontrado")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error when the list cannot be read", async () => {
    server({ "GET /api/levels": () => json({ message: "Falha ao ler os níveis" }, { status: 500 }) });
    renderRoutes(adminArea, "/gerencia/niveis");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler os níveis");
  });
});

describe("level form", () => {
  it("requires a name, then creates the level and returns to the list keeping its query", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/niveis/new?page=2&sort=id,asc");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Este campo é obrigatório")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await user.type(screen.getByLabelText("Nome"), "Conversação");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/niveis"));
    expect(router.state.location.search).toBe("?page=2&sort=id,asc");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Conversação", active: true });
  });

  it("edits a level's name with its id read-only", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/niveis/3/edit");
    expect(await screen.findByLabelText("ID")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("ID")).toHaveValue("3");
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Nome"));
    await user.type(screen.getByLabelText("Nome"), "Avançado II");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/niveis"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/levels/3",
      body: { name: "Avançado II", active: true },
    });
  });

  it("shows an error when the level to edit does not exist", async () => {
    server({ "GET /api/levels/3": () => json({ message: "error.level.notFound" }, { status: 404 }) });
    renderRoutes(adminArea, "/gerencia/niveis/3/edit");
    expect(await screen.findByRole("alert")).toHaveTextContent("Nível não encontrado.");
  });
});

describe("a change stored before the lists show it (202 Accepted)", () => {
  /** Answers like the backend while its read models lag: the alert, and where to read the change later. */
  const accepted = (location: string, alert: string, param: string) =>
    json({ location }, { status: 202, headers: { Location: location, "X-app-alert": alert, "X-app-params": param } });

  it("toggles a level: says so, and shows its new state once the level shows it", async () => {
    let projected = false;
    const levels = (): LevelView[] => [
      { id: 1, name: "Nível 1", active: true },
      { id: 2, name: "Nível 2", active: projected },
    ];
    const calls = server({
      "GET /api/levels": ({ query }) => pageOf(levels(), query),
      "PUT /api/levels/2/toggle": () => accepted("/api/levels/2", "catalog.level.activated", "2"),
      // The read model catches up between the first and the second read of the Location.
      "GET /api/levels/2": () => {
        const answer = json(levels()[1]);
        projected = true;
        return answer;
      },
    });
    render(<ToastRegion />);
    renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Nível 2")).getByRole("button", { name: "Inativo" }));

    expect(await screen.findByText("Nível 2 ativado.")).toBeInTheDocument();
    expect(await within(rowOf("Nível 2")).findByRole("button", { name: "Ativo" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/levels/2")).toHaveLength(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("creates a level: says so, and lists it once it can be read", async () => {
    let projected = false;
    const levels = (): LevelView[] => [
      { id: 1, name: "Nível 1", active: true },
      ...(projected ? [{ id: 100, name: "Conversação", active: true }] : []),
    ];
    server({
      "GET /api/levels": ({ query }) => pageOf(levels(), query),
      "POST /api/levels": () => accepted("/api/levels/100", "catalog.level.created", "100"),
      "GET /api/levels/100": () => {
        const answer = projected ? json(levels()[1]) : json({ message: "error.level.notFound" }, { status: 404 });
        projected = true;
        return answer;
      },
    });
    render(<ToastRegion />);
    const { router } = renderRoutes(adminArea, "/gerencia/niveis/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nome"), "Conversação");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Nível 100 criado.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/niveis"));
    expect(await screen.findByText("Conversação", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("one level", () => {
  it("opens a level read-only at /gerencia/niveis/{id} with its edit button", async () => {
    server();
    renderRoutes(adminArea, "/gerencia/niveis/3?page=1&sort=id,asc");
    expect(await screen.findByText("Nível 3", { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByText("Ativo", { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/gerencia/niveis/3/edit?page=1&sort=id,asc",
    );
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/gerencia/niveis?page=1&sort=id,asc");
  });

  it("deletes (deactivates) an active level after the confirmation and shows it Inativo", async () => {
    let active = true;
    const calls = server({
      "GET /api/levels": ({ query }) =>
        pageOf(
          [
            { id: 1, name: "Nível 1", active },
            { id: 2, name: "Nível 2", active: false },
          ],
          query,
        ),
      "DELETE /api/levels/1": () => {
        active = false;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoutes(adminArea, "/gerencia/niveis");
    await screen.findByRole("table");
    expect(within(rowOf("Nível 2")).queryByRole("link", { name: "Excluir" })).not.toBeInTheDocument();
    await userEvent.setup().click(within(rowOf("Nível 1")).getByRole("link", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Tem certeza de que deseja excluir este nível?")).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Desativar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/niveis"));
    expect(await within(rowOf("Nível 1")).findByRole("button", { name: "Inativo" })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/api/levels/1"]);
  });
});
