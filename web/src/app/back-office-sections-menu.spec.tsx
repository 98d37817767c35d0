import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../test/fake-accounts";
import { fakeApi } from "../test/fake-api";
import { linksOf } from "../test/links";
import { renderRoutes } from "../test/render";
import { adminSectionsArea } from "../test/render-area";
import { signInAdministratorForEachTest } from "../test/sign-in";

signInAdministratorForEachTest();

describe("the other back-office sections in the menu", () => {
  it("links to the history, payments, trails and both feedback lists once they are composed", async () => {
    fakeApi({ "GET /api/account": adminAccount });
    renderRoutes(adminSectionsArea, "/gerencia");
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(linksOf(menu)).toEqual([
      ["Professores", "/gerencia/professor"],
      ["Alunos", "/gerencia/aluno"],
      ["Administradores", "/gerencia/administrador"],
      ["Histórico de aulas", "/gerencia/historico"],
      ["Pagamentos", "/gerencia/pagamento"],
      ["Trilhas", "/gerencia/trilha"],
      ["Feedbacks dos alunos", "/gerencia/feedback-aluno"],
      ["Feedbacks dos professores", "/gerencia/feedback-professor"],
      ["Sair", "/logout"],
    ]);
  });
});
