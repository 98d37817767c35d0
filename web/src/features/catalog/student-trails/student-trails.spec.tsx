import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { linksOf } from "../../../test/links";
import { renderStudentArea, student } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { levelTabs, trailTitles, trailView } from "../../../test/trails";

const LEVELS = [
  { id: 1, name: "Básico", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 3, name: "Avançado", active: false },
];

const TRAILS = [
  trailView({ id: 11, number: 1, title: "Greetings", level: { id: 1, name: "Básico" } }),
  trailView({ id: 22, number: 2, title: "Job interviews", level: { id: 2, name: "Intermediário" } }),
  trailView({ id: 21, number: 1, title: "Small talk at work", level: { id: 2, name: "Intermediário" } }),
  trailView({ id: 31, number: 1, title: "Negotiating", level: { id: 3, name: "Avançado" } }),
];

const server = (level: number) =>
  fakeApi({
    "GET /api/account": () => json(student({ level })),
    "GET /api/levels": () => json(LEVELS),
    "GET /api/trails": () => json(TRAILS),
  });

signInStudentForEachTest();

describe("the student's Trilhas de Ensino screen", () => {
  it("is one of the entries of the student menu", async () => {
    server(2);
    renderStudentArea("/student/perfil");
    const menu = await screen.findByRole("navigation", { name: "Área do aluno" });
    expect(linksOf(menu)).toEqual([
      ["Home", "/student"],
      ["Meu Perfil", "/student/perfil"],
      ["Trilhas de Ensino", "/student/trilhas"],
      ["Aulas semanais", "/student/aulas-semanais"],
      ["Progresso", "/student/progresso"],
      ["Meus relatos", "/student/relatos"],
      ["Teste de nível", "/student/teste-de-nivel"],
      ["Contratar aulas", "/student/contratar-aulas"],
    ]);

    await userEvent.setup().click(within(menu).getByRole("link", { name: "Trilhas de Ensino" }));

    expect(within(menu).getByRole("link", { current: "page" })).toHaveTextContent("Trilhas de Ensino");
    expect(await screen.findByRole("tablist", { name: "Níveis" })).toBeInTheDocument();
  });

  it("opens on the student's own level, trails as 'number - title' in order, and browses the other levels", async () => {
    server(2);
    renderStudentArea("/student/trilhas");
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(levelTabs(levels)).toEqual(["Básico", "Intermediário"]);
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Intermediário");
    expect(trailTitles()).toEqual(["1 - Small talk at work", "2 - Job interviews"]);

    await userEvent.setup().click(within(levels).getByRole("tab", { name: "Básico" }));
    expect(trailTitles()).toEqual(["1 - Greetings"]);
  });

  it("opens on the first level when the student's own level is no longer offered", async () => {
    server(3);
    renderStudentArea("/student/trilhas");
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(within(levels).queryByRole("tab", { name: "Avançado" })).not.toBeInTheDocument();
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Básico");
    expect(trailTitles()).toEqual(["1 - Greetings"]);
  });

  it("shows the groups in the spec's order, 10 and 8 last, each with its subtext", async () => {
    const groups = [
      [1, "Begginer"],
      [2, "Intermediário"],
      [3, "Intermediário Avançado"],
      [4, "Avançado"],
      [5, "Preparação para entrevista"],
      [6, "Business"],
      [8, "Inglês para viagens"],
      [9, "Aula Experimental"],
      [10, "Conversação"],
    ] as const;
    fakeApi({
      "GET /api/account": () => json(student({ level: 1 })),
      "GET /api/levels": () => json(groups.map(([id, name]) => ({ id, name, active: true }))),
      "GET /api/trails": () =>
        json(
          groups.map(([id, name]) => trailView({ id: id * 10, number: 1, title: `Trail ${id}`, level: { id, name } })),
        ),
    });
    renderStudentArea("/student/trilhas");
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(levelTabs(levels)).toEqual([
      "Begginer",
      "Intermediário",
      "Intermediário Avançado",
      "Avançado",
      "Business",
      "Preparação para entrevista",
      "Aula Experimental",
      "Conversação",
      "Inglês para viagens",
    ]);
    expect(
      within(screen.getByRole("tabpanel")).getByText(
        "Os primeiros passos: apresentar-se, falar da rotina e se virar nas situações do dia a dia.",
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(levels).getByRole("tab", { name: "Inglês para viagens" }));
    expect(trailTitles()).toEqual(["1 - Trail 8"]);
    expect(
      within(screen.getByRole("tabpanel")).getByText(
        "Tudo o que você precisa para viajar: aeroporto, hotel, transporte, restaurantes e imprevistos.",
      ),
    ).toBeInTheDocument();
  });
});
