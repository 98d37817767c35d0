import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminArea, renderLiveAdminArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const scheduling = {
  id: 41,
  // 13:30 UTC is 10:30 in São Paulo; 02:00 UTC on the 5th is still 23:00 on the 4th there.
  date: "2026-05-04T13:30:00Z",
  objective: "TRAVEL",
  trail: { id: 3, number: 2, title: "At the airport", level: 1 },
  level: { id: 1, name: "Begginer" },
  student: { id: 7, firstName: "Ana", lastName: "Souza" },
  lesson: null,
  createdDate: "2026-05-01T12:00:00Z",
};

const server = (pending: () => Response | Promise<Response>) =>
  fakeApi({ "GET /api/account": adminAccount, "GET /api/schedulings/withoutLesson": pending });

signInAdministratorForEachTest();

describe("pending lessons", () => {
  it("lists the lessons without a teacher with date and time in São Paulo, student, level, trail, objective", async () => {
    const calls = server(() =>
      json([
        scheduling,
        {
          ...scheduling,
          id: 42,
          date: "2026-05-05T02:00:00Z",
          objective: "PROFESSIONAL",
          student: { id: 8, firstName: "Bruno", lastName: null },
        },
      ]),
    );
    renderRoutes(adminArea, "/gerencia/agendamento");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Data", "Aluno", "Nível", "Trilha", "Objetivo", ""]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["04/05/26 10:30", "Ana Souza", "Begginer", "2 - At the airport", "Viagem", "VisualizarEditarExcluir"]);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["04/05/26 23:00", "Bruno", "Begginer", "2 - At the airport", "Profissional", "VisualizarEditarExcluir"]);
    expect(within(table).queryByRole("button")).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/schedulings/withoutLesson")).toBe(true);
  });

  it("writes an erased student's name 'titular removido' once", async () => {
    server(() =>
      json([{ ...scheduling, student: { id: 7, firstName: "titular removido", lastName: "titular removido" } }]),
    );
    renderRoutes(adminArea, "/gerencia/agendamento");
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getAllByRole("cell")[1]).toHaveTextContent(/^titular removido$/);
  });

  it("says Carregando... while loading, then that there are no scheduled lessons", async () => {
    const answer = deferred();
    server(() => answer.promise);
    renderRoutes(adminArea, "/gerencia/agendamento");
    await screen.findByRole("heading", { name: "Aulas pendentes", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    answer.release(json([]));
    expect(await screen.findByText("Não há aulas agendadas no momento")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error when the lessons cannot be read", async () => {
    server(() => json({ message: "Falha ao ler as aulas" }, { status: 500 }));
    renderRoutes(adminArea, "/gerencia/agendamento");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler as aulas");
  });

  it("stays live: a claimed or cancelled lesson leaves the list, a new one is read in, a reconnection reads it again", async () => {
    const card = (id: number, status: "pending" | "accepted" | "cancelled") => ({
      id,
      date: scheduling.date,
      status,
      student: { id: 7, name: "Ana Souza" },
      level: scheduling.level,
      trail: { id: 3, number: 2, title: "At the airport" },
      teacher: status === "accepted" ? { id: 9, name: "Bruno Lima" } : null,
      waitingSince: scheduling.createdDate,
      acceptedAt: null,
      cancelledAt: null,
      studentFeedbackGiven: false,
      teacherFeedbackGiven: false,
      paid: false,
    });
    let pending = [scheduling, { ...scheduling, id: 42, student: { id: 8, firstName: "Bruno", lastName: null } }];
    const calls = server(() => json(pending));
    const live = renderLiveAdminArea("/gerencia/agendamento");
    const table = await screen.findByRole("table");
    const students = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[1]?.textContent);
    expect(students()).toEqual(["Ana Souza", "Bruno"]);

    act(() => live.push("board:changed", { lessonId: 41, card: card(41, "accepted") }));
    expect(students()).toEqual(["Bruno"]);
    act(() => live.push("board:changed", { lessonId: 42, card: card(42, "cancelled") }));
    expect(await screen.findByText("Não há aulas agendadas no momento")).toBeInTheDocument();

    pending = [{ ...scheduling, id: 43, student: { id: 9, firstName: "Carla", lastName: "Dias" } }];
    act(() => live.push("board:changed", { lessonId: 43, card: card(43, "pending") }));
    expect(await screen.findByRole("cell", { name: "Carla Dias" })).toBeInTheDocument();

    pending = [];
    act(() => live.reconnect());
    expect(await screen.findByText("Não há aulas agendadas no momento")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/schedulings/withoutLesson")).toHaveLength(3);
  });

  it("shows a scheduling's detail with its ids, and deletes it after confirmation, back on the list without it", async () => {
    let pending = [scheduling];
    const calls = fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/schedulings/withoutLesson": () => json(pending),
      "GET /api/lessons/41": () =>
        json({
          id: 41,
          student: { id: 7, firstName: "Ana", lastName: "Souza" },
          level: { id: 1, name: "Begginer" },
          objective: "TRAVEL",
          trail: { id: 3, number: 2, title: "At the airport" },
          startsAt: "2026-05-04T13:30:00.000Z",
          date: "2026-05-04",
          time: "10:30",
          teacher: null,
          meetUrl: null,
          payment: null,
        }),
      "DELETE /api/lessons/41": () => {
        pending = [];
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoutes(adminArea, "/gerencia/agendamento");
    await userEvent.click(await screen.findByRole("link", { name: "Visualizar" }));
    const detail = await screen.findByRole("region", { name: "Agendamento 41" });
    expect(detail).toHaveTextContent("04/05/26 10:30");
    expect(detail).toHaveTextContent("7 — Ana Souza");
    expect(detail).toHaveTextContent("3 — 2 - At the airport");
    expect(detail).toHaveTextContent("Aguardando um professor");
    expect(within(detail).getByRole("link", { name: "Editar" })).toHaveAttribute("href", "/gerencia/aula/41/edit");
    expect(within(detail).getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/gerencia/aula");

    await userEvent.click(within(detail).getByRole("link", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar exclusão" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Não há aulas agendadas no momento")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gerencia/agendamento");
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/lessons/41")).toBe(true);
  });
});
