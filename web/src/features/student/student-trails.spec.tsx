import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "../../lib/api";
import { LiveFeedProvider } from "../../lib/socket";
import { fakeApi, json } from "../../test/fake-api";
import { createManualFeed } from "../../test/manual-feed";
import { renderRoutes } from "../../test/render";
import { studentRoutes } from "./routes";

const student = (level: number) => ({
  id: 5,
  login: "ana@example.com",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
  balance: 3,
  level,
  objective: "TRAVEL",
});

const LEVELS = [
  { id: 1, name: "Básico", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 3, name: "Avançado", active: false },
];

const TRAILS = [
  { id: 11, number: 1, title: "Greetings", level: 1 },
  { id: 22, number: 2, title: "Job interviews", level: 2 },
  { id: 21, number: 1, title: "Small talk at work", level: 2 },
  { id: 31, number: 1, title: "Negotiating", level: 3 },
];

const server = (level: number) =>
  fakeApi({
    "GET /api/account": () => json(student(level)),
    "GET /api/levels": () => json(LEVELS),
    "GET /api/trails": () => json(TRAILS),
  });

const renderArea = (path: string) =>
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={createManualFeed().feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: studentRoutes,
      },
    ],
    path,
  );

const trailTitles = () =>
  within(screen.getByRole("tabpanel"))
    .getAllByRole("group")
    .map((trail) => trail.querySelector("summary")?.textContent);

beforeEach(() => sessionStorage.setItem(TOKEN_KEY, "student-token"));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("the student's Trilhas de Ensino screen", () => {
  it("is one of the four entries of the student menu", async () => {
    server(2);
    renderArea("/student/perfil");
    const menu = await screen.findByRole("navigation", { name: "Área do aluno" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Home", "/student"],
      ["Meu Perfil", "/student/perfil"],
      ["Trilhas de Ensino", "/student/trilhas"],
      ["Contratar aulas", "/student/contratar-aulas"],
    ]);

    await userEvent.setup().click(within(menu).getByRole("link", { name: "Trilhas de Ensino" }));

    expect(within(menu).getByRole("link", { current: "page" })).toHaveTextContent("Trilhas de Ensino");
    expect(await screen.findByRole("tablist", { name: "Níveis" })).toBeInTheDocument();
  });

  it("opens on the student's own level, trails as 'number - title' in order, and browses the other levels", async () => {
    server(2);
    renderArea("/student/trilhas");
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(
      within(levels)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Básico", "Intermediário"]);
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Intermediário");
    expect(trailTitles()).toEqual(["1 - Small talk at work", "2 - Job interviews"]);

    await userEvent.setup().click(within(levels).getByRole("tab", { name: "Básico" }));
    expect(trailTitles()).toEqual(["1 - Greetings"]);
  });

  it("opens on the first level when the student's own level is no longer offered", async () => {
    server(3);
    renderArea("/student/trilhas");
    const levels = await screen.findByRole("tablist", { name: "Níveis" });
    expect(within(levels).queryByRole("tab", { name: "Avançado" })).not.toBeInTheDocument();
    expect(within(levels).getByRole("tab", { selected: true })).toHaveTextContent("Básico");
    expect(trailTitles()).toEqual(["1 - Greetings"]);
  });
});
