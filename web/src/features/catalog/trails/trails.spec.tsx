import type { TrailView } from "@el/domain/catalog/catalog-views";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminSectionsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const trail = (id: number, levelId: number, number: number, title: string): TrailView => ({
  id,
  number,
  title,
  content: `Conteúdo de ${title}`,
  application: "Role-play",
  techniques: "Listening",
  level: { id: levelId, name: levelId === 1 ? "Begginer" : "Intermediário" },
});

const levels = [
  { id: 1, name: "Begginer", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 3, name: "Antigo", active: false },
];

const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let trails = [trail(12, 2, 1, "Past tense"), trail(11, 1, 2, "Numbers"), trail(10, 1, 1, "Greetings")];
  const calls = fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/trails": () => json(trails),
    "GET /api/trails/11": () => json(trails.find((one) => one.id === 11)),
    "GET /api/levels": () => json(levels),
    "POST /api/trails": ({ body }) => json({ id: 13, ...(body as object) }, { status: 201 }),
    "PUT /api/trails/11": ({ body }) => json(body),
    "DELETE /api/trails/11": () => {
      trails = trails.filter((one) => one.id !== 11);
      return new Response(null, { status: 204 });
    },
    ...overrides,
  });
  return calls;
};

signInAdministratorForEachTest();

describe("trails in the back office", () => {
  it("lists the trails by level and number with Criar trilha and each row's view, edit and delete", async () => {
    server();
    renderRoutes(adminSectionsArea, "/gerencia/trilha");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Begginer", "1", "Greetings"],
      ["Begginer", "2", "Numbers"],
      ["Intermediário", "1", "Past tense"],
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/gerencia/trilha/11", "/gerencia/trilha/11/edit", "/gerencia/trilha/11/delete"]);
    expect(screen.getByRole("link", { name: "Criar trilha" })).toHaveAttribute("href", "/gerencia/trilha/new");
  });

  it("creates a trail with content, application and techniques, offering only active levels, after checking the fields", async () => {
    const calls = server();
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/trilha/new");
    const level = await screen.findByRole("combobox", { name: "Nível" });
    expect(
      within(level)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Begginer", "Intermediário"]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(screen.getByText("Este campo é obrigatório")).toBeInTheDocument();
    expect(screen.getByText("Informe um número inteiro a partir de 1.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);

    await user.selectOptions(level, "Intermediário");
    await user.type(screen.getByLabelText("Número"), "2");
    await user.type(screen.getByLabelText("Título"), "Future");
    await user.type(screen.getByLabelText("Conteúdo"), "Will and going to");
    await user.type(screen.getByLabelText("Aplicação"), "Plans");
    await user.type(screen.getByLabelText("Técnicas"), "Drills");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/trilha"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      number: 2,
      title: "Future",
      content: "Will and going to",
      application: "Plans",
      techniques: "Drills",
      level: { id: 2 },
    });
  });

  it("edits a trail with PUT and shows a field error the server gives", async () => {
    server({
      "PUT /api/trails/11": () =>
        json(
          { message: "error.validation", fieldErrors: [{ field: "title", message: "Já existe esta trilha." }] },
          { status: 400 },
        ),
    });
    renderRoutes(adminSectionsArea, "/gerencia/trilha/11/edit");
    expect(await screen.findByDisplayValue("Numbers")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Já existe esta trilha.")).toBeInTheDocument();
  });

  it("deletes a trail after the confirmation, also reached by the spec's English path", async () => {
    const calls = server();
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/trail/11/delete");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Tem certeza de que deseja excluir esta trilha?")).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/trilha"));
    await waitFor(() => expect(screen.queryByText("Numbers")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/api/trails/11"]);
  });

  it("shows the trail's content, application and techniques at /gerencia/trilha/{id}", async () => {
    server();
    renderRoutes(adminSectionsArea, "/gerencia/trilha/11");
    expect(await screen.findByText("Conteúdo de Numbers")).toBeInTheDocument();
    expect(screen.getByText("Role-play")).toBeInTheDocument();
    expect(screen.getByText("Listening")).toBeInTheDocument();
  });
});
