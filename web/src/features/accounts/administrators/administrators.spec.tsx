import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import type { User } from "../api/user";

const admin = (index: number): User => ({
  id: index,
  login: `admin${index}@example.com`,
  firstName: `Admin${index}`,
  lastName: "Silva",
  email: `admin${index}@example.com`,
  activated: true,
  langKey: "pt-br",
  authorities: ["ROLE_USER", "ROLE_ADMIN"],
  createdBy: "system",
  createdDate: "2026-01-10T12:00:00Z",
  lastModifiedBy: "system",
  lastModifiedDate: "2026-01-10T12:00:00Z",
});

/** 150 administrators on the server; the signed-in one is admin1. */
const server = () => {
  let admins = Array.from({ length: 150 }, (_, index) => admin(index + 1));
  const calls = fakeApi({
    "GET /api/account": () => json({ ...admin(1) }),
    "GET /api/users/admin": ({ query }) => {
      const page = Number(query.get("page"));
      const size = Number(query.get("size"));
      return json(admins.slice(page * size, (page + 1) * size), {
        headers: { "X-Total-Count": String(admins.length) },
      });
    },
    "PUT /api/users": ({ body }) => {
      const changed = body as User;
      admins = admins.map((user) => (user.id === changed.id ? changed : user));
      return json(changed);
    },
    "POST /api/users": ({ body }) => json({ ...(body as User), id: 999 }, { status: 201 }),
    "GET /api/users/admin2%40example.com": () => json(admin(2)),
    "DELETE /api/users/admin2%40example.com": () => {
      admins = admins.filter((user) => user.id !== 2);
      return new Response(null, { status: 204 });
    },
  });
  return calls;
};

const routes = adminRoutes();
const rowOf = (login: string) => screen.getAllByText(login, { selector: "td" })[0]?.closest("tr") as HTMLElement;
const listCalls = (calls: ReturnType<typeof server>) => calls.filter((call) => call.path === "/api/users/admin");

signInAdministratorForEachTest();

describe("administrators list", () => {
  it("reads page and sort from the URL and asks the API for that page", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador?page=3&sort=email,desc");
    await screen.findByRole("table");
    expect(listCalls(calls).at(-1)?.query.get("page")).toBe("2");
    expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("email,desc");
    expect(screen.getByRole("columnheader", { name: /E-mail/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("shows when each administrator was created and changed on São Paulo's clock, as every other screen", async () => {
    server();
    renderRoutes(routes, "/gerencia/administrador");
    await screen.findByRole("table");
    // 12:00 UTC on 10 January is 09:00 in São Paulo.
    expect(within(rowOf("admin1@example.com")).getAllByText("10/01/26 09:00")).toHaveLength(2);
  });

  it("ignores a sort without a page", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador?sort=email,desc");
    await screen.findByRole("table");
    expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("id,asc");
  });

  it("sorts by a clicked header and pages with 5 buttons, both written into the URL", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/administrador");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Criado em" }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=1&sort=createdDate%2Casc"));
    const pages = screen.getAllByRole("button", { name: /^\d+$/ });
    expect(pages.map((button) => button.textContent)).toEqual(["1", "2", "3", "4", "5"]);
    await user.click(screen.getByRole("button", { name: "4" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("page")).toBe("4"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("page")).toBe("3"));
    expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("createdDate,asc");
  });

  it("disables delete and deactivation for the signed-in administrator only", async () => {
    server();
    renderRoutes(routes, "/gerencia/administrador");
    await screen.findByRole("table");
    const own = rowOf("admin1@example.com");
    expect(within(own).getByRole("button", { name: "Excluir" })).toBeDisabled();
    expect(within(own).getByRole("button", { name: "Ativado" })).toBeDisabled();
    const other = rowOf("admin2@example.com");
    expect(within(other).getByRole("link", { name: "Excluir" })).toHaveAttribute(
      "href",
      "/gerencia/administrador/admin2%40example.com/delete",
    );
  });

  it("toggles the activated flag from the badge", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador");
    await screen.findByRole("table");
    const row = rowOf("admin2@example.com");
    await userEvent.setup().click(within(row).getByRole("button", { name: "Ativado" }));
    expect(await within(row).findByRole("button", { name: "Desativado" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ id: 2, activated: false });
  });

  it("deletes after confirmation and returns to the list keeping its query", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/administrador/admin2%40example.com/delete?page=1&sort=id,asc");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("admin2@example.com");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/administrador"));
    expect(router.state.location.search).toBe("?page=1&sort=id,asc");
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    await waitFor(() => expect(screen.queryAllByText("admin2@example.com", { selector: "td" })).toHaveLength(0));
  });
});

describe("administrator form", () => {
  it("creates an administrator with a password, active, as ROLE_ADMIN unless other roles are chosen", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/administrador/new");
    const user = userEvent.setup();
    expect(await screen.findByRole("checkbox", { name: "Ativo" })).toBeDisabled();
    await user.type(screen.getByLabelText("Nome"), "Nova");
    await user.type(screen.getByLabelText("E-mail"), "nova@example.com");
    await user.type(screen.getByLabelText("Senha"), "segura123");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/administrador"));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      email: "nova@example.com",
      firstName: "Nova",
      password: "segura123",
      authorities: ["ROLE_USER", "ROLE_ADMIN"],
    });
  });

  it("creates an auditor who is no administrator", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/administrador/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "auditora@example.com");
    await user.type(screen.getByLabelText("Senha"), "segura123");
    const roles = screen.getByRole("group", { name: "Perfis" });
    await user.click(within(roles).getByRole("checkbox", { name: "Administrador" }));
    await user.click(within(roles).getByRole("checkbox", { name: "Auditor" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/administrador"));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      email: "auditora@example.com",
      authorities: ["ROLE_USER", "ROLE_AUDITOR"],
    });
  });

  it("asks for at least one role and sends nothing without one", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "ninguem@example.com");
    await user.type(screen.getByLabelText("Senha"), "segura123");
    await user.click(screen.getByRole("checkbox", { name: "Administrador" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Escolha ao menos um perfil.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("edits a user's roles, showing the ones held, and shows why the last administrator keeps the role", async () => {
    const calls = fakeApi({
      "GET /api/account": () => json(admin(1)),
      "GET /api/users/admin2%40example.com": () => json(admin(2)),
      "PUT /api/users": () =>
        json(
          { status: 400, message: "userManagement.error.lastAdministrator" },
          { status: 400, headers: { "X-app-error": "userManagement.error.lastAdministrator" } },
        ),
    });
    renderRoutes(routes, "/gerencia/administrador/admin2%40example.com/edit");
    const user = userEvent.setup();
    const administrator = await screen.findByRole("checkbox", { name: "Administrador" });
    expect(administrator).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Auditor" })).not.toBeChecked();
    await user.click(administrator);
    await user.click(screen.getByRole("checkbox", { name: "Professor" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText(/última conta de administrador ativa/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      id: 2,
      authorities: ["ROLE_USER", "ROLE_TEACHER"],
    });
  });

  it("applies the e-mail and name rules of spec section 5", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nome"), "x".repeat(51));
    await user.type(screen.getByLabelText("E-mail"), "a@b");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Máximo de 50 caracteres.")).toBeInTheDocument();
    expect(screen.getByText("Seu e-mail deve ter pelo menos 5 caracteres.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "nao-e-email");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Email inválido")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("edits without a password field, showing the id read-only", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/administrador/admin2%40example.com/edit");
    expect(await screen.findByLabelText("ID")).toHaveAttribute("readonly");
    expect(screen.queryByLabelText("Senha")).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Sobrenome"));
    await user.type(screen.getByLabelText("Sobrenome"), "Costa");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ id: 2, lastName: "Costa" }),
    );
  });
});
