import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { optionNames } from "../../../test/options";
import { renderRoutes } from "../../../test/render";
import { adminLessonsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { adminAccount, deferred, lessonRow, students, teachers } from "./test-server";

signInAdministratorForEachTest();

const totals = { lessons: 25, teacherCost: 625, teacherCostCents: 625_00, revenue: 1000, revenueCents: 1000_00 };
const thisYear = wallClockOf(new Date()).year;
const scheduling = (id: number, date: string) => ({
  id,
  date,
  objective: "TRAVEL",
  trail: { id: 5, number: 2, title: "At the airport", level: 1 },
  level: { id: 1, name: "Begginer" },
  student: { id: 11, firstName: "Ana", lastName: "Souza" },
  lesson: null,
  createdDate: "2026-05-01T12:00:00.000Z",
});

/** 25 lessons on the server, 10 a page; lesson 2 has Bruno and is paid. */
const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let lessons = Array.from({ length: 25 }, (_, index) =>
    lessonRow(index + 1, {
      ...(index + 1 === 2
        ? {
            teacher: { id: 21, firstName: "Bruno", lastName: "Lima" },
            payment: { id: 90, value: 25, valueCents: 25_00, date: "2026-05-05T12:00:00.000Z" },
          }
        : {}),
    }),
  );
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/teacher": () => json(teachers),
    "GET /api/users/student": () => json(students),
    "GET /api/lessons": ({ query }) => {
      const page = Number(query.get("page"));
      const size = Number(query.get("size"));
      return json({ content: lessons.slice(page * size, (page + 1) * size), totalElements: lessons.length });
    },
    "GET /api/lessons/totals": () => json(totals),
    "DELETE /api/lessons/3": () => {
      lessons = lessons.filter((lesson) => lesson.id !== 3);
      return json({ id: 3, refunded: true });
    },
    ...overrides,
  });
};

/** Typing into forms takes seconds when the shared machine is busy. */
describe("lesson control (/gerencia/aula)", { timeout: 20_000 }, () => {
  it("lists a page of 10 lessons with the spec's columns, Pendente or Pago, and the totals in reais", async () => {
    const calls = server();
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Aluno", "Nível", "Objetivo", "Título da aula", "Data", "Hora", "Professor", "Pagamento", "Ações"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(10);
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole("cell")
        .slice(0, 8)
        .map((cell) => cell.textContent);
    expect(cells(0)).toEqual([
      "Ana Souza",
      "Begginer",
      "Viagem",
      "At the airport",
      "04/05/26",
      "10:30",
      "Pendente",
      "Pendente",
    ]);
    expect(cells(1)).toEqual([
      "Ana Souza",
      "Begginer",
      "Viagem",
      "At the airport",
      "04/05/26",
      "10:30",
      "Bruno Lima",
      "Pago",
    ]);
    const panel = screen.getByRole("region", { name: "Totais" });
    expect(panel).toHaveTextContent("Aulas25");
    expect(panel).toHaveTextContent("Custo com professoresR$ 625,00");
    expect(panel).toHaveTextContent("Valor de referênciaR$ 1.000,00");
    const list = calls.find((call) => call.path === "/api/lessons");
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({
      page: "0",
      size: "10",
      sort: "scheduling.date,desc",
      year: String(thisYear),
    });
    expect(screen.getByRole("link", { name: "Criar aula" })).toHaveAttribute("href", "/gerencia/aula/new");
  });

  it("offers Ano (this year, two before, Todos), Mês, Professor and Aluno; Pesquisar puts them in the URL and asks for them", async () => {
    const calls = server();
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    await screen.findByRole("table");
    const year = screen.getByLabelText("Ano");
    expect(optionNames(year)).toEqual([String(thisYear), String(thisYear - 1), String(thisYear - 2), "Todos"]);
    expect(optionNames(screen.getByLabelText("Mês"))).toHaveLength(13);
    await waitFor(() =>
      expect(optionNames(screen.getByLabelText("Professor"))).toEqual(["Todos", "Bruno Lima", "Carla"]),
    );
    await waitFor(() =>
      expect(optionNames(screen.getByLabelText("Aluno"))).toEqual(["Todos", "Ana Souza", "João Conceição"]),
    );
    await user.selectOptions(year, "Todos");
    await user.selectOptions(screen.getByLabelText("Mês"), "Março");
    await user.selectOptions(screen.getByLabelText("Professor"), "Carla");
    await user.selectOptions(screen.getByLabelText("Aluno"), "João Conceição");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() => {
      const asked = calls.filter((call) => call.path === "/api/lessons").at(-1);
      expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({
        page: "0",
        month: "3",
        teacherId: "22",
        studentId: "12",
      });
      expect(asked?.query.has("year")).toBe(false);
    });
    const totalsAsked = calls.filter((call) => call.path === "/api/lessons/totals").at(-1);
    expect(Object.fromEntries(totalsAsked?.query ?? [])).toMatchObject({
      month: "3",
      teacherId: "22",
      studentId: "12",
    });
    const csv = screen.getByRole("link", { name: "CSV" });
    expect(csv.getAttribute("href")).toBe("/api/lessons/export?format=csv&month=3&teacherId=22&studentId=12");
    expect(screen.getByRole("link", { name: "Excel (XLSX)" }).getAttribute("href")).toContain("format=xlsx&month=3");
  });

  it("reads the page from ?page= and turns pages with up to 20 buttons", async () => {
    const calls = server();
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula?page=2&sort=scheduling.date,desc");
    await screen.findByRole("table");
    expect(calls.find((call) => call.path === "/api/lessons")?.query.get("page")).toBe("1");
    expect(screen.getByRole("button", { name: "2" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === "/api/lessons")
          .at(-1)
          ?.query.get("page"),
      ).toBe("2"),
    );
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(6);
  });

  it("deletes a lesson after confirmation and reloads the list and the totals", async () => {
    const calls = server();
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    const table = await screen.findByRole("table");
    const third = within(table).getAllByRole("row")[3] as HTMLElement;
    await user.click(within(third).getByRole("link", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Tem certeza de que deseja excluir a aula 3? O crédito volta para o aluno.");
    const totalsBefore = calls.filter((call) => call.path === "/api/lessons/totals").length;
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/lessons/3")).toBe(true);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === "/api/lessons/totals").length).toBeGreaterThan(totalsBefore),
    );
  });

  it("takes the teacher off a lesson still to come after confirmation, and the row waits for a teacher again", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    let row = lessonRow(7, { startsAt: future, teacher: { id: 21, firstName: "Bruno", lastName: "Lima" } });
    const calls = server({
      "GET /api/lessons": () => json({ content: [row, lessonRow(2, { teacher: row.teacher })], totalElements: 2 }),
      "DELETE /api/lessons/7/teacher": () => {
        row = { ...row, teacher: null, meetUrl: null };
        return json(scheduling(7, future));
      },
    });
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    const table = await screen.findByRole("table");
    const [, first, past] = within(table).getAllByRole("row") as HTMLElement[];
    // A lesson that has already taken place keeps its teacher.
    expect(within(past as HTMLElement).queryByRole("link", { name: "Retirar professor" })).not.toBeInTheDocument();
    await user.click(within(first as HTMLElement).getByRole("link", { name: "Retirar professor" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Retirar o professor da aula 7? Ela volta a aguardar um professor e aparece de novo para todos os professores.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Retirar professor" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/lessons/7/teacher")).toBe(true);
    await waitFor(() => {
      const row = screen.getAllByRole("row")[1] as HTMLElement;
      expect(within(row).queryByText("Bruno Lima")).not.toBeInTheDocument();
      expect(within(row).queryByRole("link", { name: "Retirar professor" })).not.toBeInTheDocument();
    });
  });

  it("keeps the confirmation open with the server's refusal (the lesson started meanwhile)", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    server({
      "GET /api/lessons": () =>
        json({
          content: [lessonRow(7, { startsAt: future, teacher: { id: 21, firstName: "Bruno", lastName: "Lima" } })],
          totalElements: 1,
        }),
      "DELETE /api/lessons/7/teacher": () => json({ message: "error.lesson.startedNoChange" }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula/7/unassign");
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Retirar professor" }));
    expect(await within(dialog).findByText("Esta aula já começou e não pode mais ser alterada.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("says Carregando... while loading, then that there are no lessons", async () => {
    const answer = deferred();
    server({ "GET /api/lessons": () => answer.promise });
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    await screen.findByRole("heading", { name: "Controle de aulas", level: 2 });
    expect(screen.getAllByText("Carregando...").length).toBeGreaterThan(0);
    answer.release(json({ content: [], totalElements: 0 }));
    expect(await screen.findByText("Não há aulas marcadas!")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message when the lessons cannot be read", async () => {
    server({ "GET /api/lessons": () => json({ message: "Falha ao ler as aulas" }, { status: 500 }) });
    renderRoutes(adminLessonsArea, "/gerencia/aula");
    expect(await screen.findByText("Falha ao ler as aulas")).toBeInTheDocument();
  });

  it("downloads the export with the bearer token and the filters", async () => {
    const calls = server({
      "GET /api/lessons/export": () =>
        new Response("\uFEFFID;Aluno\r\n", {
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="controle-de-aulas-2026.csv"',
          },
        }),
    });
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, `/gerencia/aula?page=1&sort=scheduling.date,desc&year=${thisYear - 1}`);
    await screen.findByRole("table");
    await user.click(screen.getByRole("link", { name: "CSV" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.path === "/api/lessons/export");
    expect(exported?.query.get("year")).toBe(String(thisYear - 1));
    expect(exported?.headers.get("Authorization")).toBe("Bearer admin-token");
    expect(saved).toEqual(["controle-de-aulas-2026.csv"]);
    click.mockRestore();
  });
});
