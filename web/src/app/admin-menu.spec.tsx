import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catalogSections } from "../features/catalog/routes";
import { pendingLessonSections } from "../features/lessons/routes";
import { adminAccount } from "../test/fake-accounts";
import { fakeApi, json } from "../test/fake-api";
import { linksOf } from "../test/links";
import { renderRoutes } from "../test/render";
import { signInAdministratorForEachTest } from "../test/sign-in";
import { adminRoutes } from "./admin/admin-routes";
import { operationsMenuPaths } from "./admin/admin-tools-routes";

signInAdministratorForEachTest();

describe("administration menu", () => {
  it("links, in the spec's order, only to the sections that have screens", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/levels": () => json([{ id: 1, name: "Begginer", active: true }], { headers: { "X-Total-Count": "1" } }),
    });
    renderRoutes(adminRoutes([...pendingLessonSections, ...catalogSections]), "/gerencia");
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(linksOf(menu)).toEqual([
      ["Aulas pendentes", "/gerencia/agendamento"],
      ["Professores", "/gerencia/professor"],
      ["Alunos", "/gerencia/aluno"],
      ["Administradores", "/gerencia/administrador"],
      ["Materiais", "/gerencia/materiais"],
      ["Níveis", "/gerencia/niveis"],
      ["Sair", "/logout"],
    ]);
    await userEvent.setup().click(within(menu).getByRole("link", { name: "Níveis" }));
    expect(await screen.findByText("Begginer", { selector: "td" })).toBeInTheDocument();
  });

  it("links to the administration and the API docs when those pages are composed", async () => {
    fakeApi({ "GET /api/account": adminAccount });
    renderRoutes(adminRoutes([], operationsMenuPaths), "/gerencia");
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(linksOf(menu)).toEqual([
      ["Professores", "/gerencia/professor"],
      ["Alunos", "/gerencia/aluno"],
      ["Administradores", "/gerencia/administrador"],
      ["Administração", "/admin"],
      ["Documentação da API", "/admin/docs"],
      ["Sair", "/logout"],
    ]);
  });

  it("without catalogue sections, shows only the user screens", async () => {
    fakeApi({ "GET /api/account": adminAccount });
    renderRoutes(adminRoutes(), "/gerencia");
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Professores", "Alunos", "Administradores", "Sair"]);
  });
});
