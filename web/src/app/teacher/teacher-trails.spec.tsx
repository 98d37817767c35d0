import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { linksOf } from "../../test/links";
import { renderTeacherArea, TEACHER } from "../../test/render-area";
import { signInTeacherForEachTest } from "../../test/sign-in";
import { levelTabs, trailTitles, trailView } from "../../test/trails";

const LEVELS = [
  { id: 1, name: "Básico", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 3, name: "Avançado", active: false },
  { id: 4, name: "Business", active: true },
];

// As `api/trails` answers: not in number order.
const TRAILS = [
  trailView({
    id: 12,
    number: 2,
    title: "Ordering food",
    level: { id: 1, name: "Básico" },
    content: "Menus and restaurant phrases",
  }),
  trailView({
    id: 11,
    number: 1,
    title: "Greetings",
    level: { id: 1, name: "Básico" },
    content: "Hello, goodbye and introductions",
    application: "Role play meeting a new colleague",
    techniques: "Repetition and shadowing",
    materials: [{ id: 501, className: "Greetings worksheet", classNumber: 1, fileContentType: "application/pdf" }],
  }),
  trailView({ id: 21, number: 1, title: "Small talk at work", level: { id: 2, name: "Intermediário" } }),
  trailView({ id: 31, number: 1, title: "Negotiating", level: { id: 3, name: "Avançado" } }),
];

const server = (answers: { levels?: () => Response; trails?: () => Response } = {}) =>
  fakeApi({
    "GET /api/account": () => json(TEACHER),
    "GET /api/levels": answers.levels ?? (() => json(LEVELS)),
    "GET /api/trails": answers.trails ?? (() => json(TRAILS)),
  });

const renderTrails = () => renderTeacherArea("/teacher/trilhas");

signInTeacherForEachTest();

describe("the teacher's Trilhas de ensino screen", () => {
  it("sits in the teacher menu of seven entries, marked as the current one", async () => {
    server();
    renderTrails();
    const menu = await screen.findByRole("navigation", { name: "Área do professor" });
    expect(linksOf(menu)).toEqual([
      ["Suas aulas", "/teacher"],
      ["Aceitar aulas", "/teacher/aceitar-aulas"],
      ["Minha disponibilidade", "/teacher/disponibilidade"],
      ["Trilhas de ensino", "/teacher/trilhas"],
      ["Financeiro", "/teacher/financeiro"],
      ["Meus relatos", "/teacher/relatos"],
      ["Meu Perfil", "/teacher/perfil"],
    ]);
    expect(within(menu).getByRole("link", { current: "page" })).toHaveTextContent("Trilhas de ensino");
  });

  it("offers the active levels that have trails, opening on the first, trails as 'number - title' in order", async () => {
    server();
    renderTrails();
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(levelTabs(levels)).toEqual(["Básico", "Intermediário"]);
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Básico");
    expect(trailTitles()).toEqual(["1 - Greetings", "2 - Ordering food"]);

    await userEvent.setup().click(within(levels).getByRole("tab", { name: "Intermediário" }));
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Intermediário");
    expect(trailTitles()).toEqual(["1 - Small talk at work"]);
  });

  it("opens a trail to its content, application and techniques", async () => {
    server();
    renderTrails();
    const greetings = (await screen.findByText("1 - Greetings")).closest("details") as HTMLElement;
    expect(within(greetings).getByText("Hello, goodbye and introductions")).not.toBeVisible();

    await userEvent.setup().click(within(greetings).getByText("1 - Greetings"));

    expect(within(greetings).getByText("Hello, goodbye and introductions")).toBeVisible();
    expect(
      within(greetings)
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual(["Conteúdo", "Aplicação", "Técnicas", "Materiais"]);
    expect(within(greetings).getByText("Role play meeting a new colleague")).toBeVisible();
    expect(within(greetings).getByText("Repetition and shadowing")).toBeVisible();
  });

  it("downloads a trail's active material with the teacher's token, and says when a trail has none", async () => {
    const calls = fakeApi({
      "GET /api/account": () => json(TEACHER),
      "GET /api/levels": () => json(LEVELS),
      "GET /api/trails": () => json(TRAILS),
      "GET /api/materials/501/download": () =>
        new Response("PDFDATA", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": "attachment; filename*=UTF-8''1%20-%20Greetings%20worksheet.pdf",
          },
        }),
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:501");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderTrails();
    const greetings = (await screen.findByText("1 - Greetings")).closest("details") as HTMLElement;
    const ordering = screen.getByText("2 - Ordering food").closest("details") as HTMLElement;
    expect(within(ordering).getByText("Nenhum material disponível para esta trilha.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(greetings).getByText("1 - Greetings"));
    await user.click(within(greetings).getByRole("button", { name: "Baixar 1 - Greetings worksheet" }));
    await vi.waitFor(() => expect(saved).toEqual(["1 - Greetings worksheet.pdf"]));
    const download = calls.find((call) => call.path === "/api/materials/501/download");
    expect(download?.headers.get("Authorization")).toBe("Bearer teacher-token");
    vi.restoreAllMocks();
  });

  it("says so when there is no trail yet", async () => {
    server({ trails: () => json([]) });
    renderTrails();
    expect(await screen.findByText("Nenhuma trilha disponível no momento.")).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("says so when the trails cannot be loaded", async () => {
    server({ trails: () => json({ message: "error.unexpected" }, { status: 500 }) });
    renderTrails();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });
});
