import type { LessonHistoryView } from "@el/domain/lessons/lesson-history-view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { fakeApi, json, pageOf } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminSectionsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const lesson = (id: number, changes: Partial<LessonHistoryView> = {}): LessonHistoryView => ({
  id,
  teacherName: "Bruno Lima",
  teacherId: 21,
  studentName: "Ana Souza",
  studentId: 11,
  level: { id: 1, name: "Begginer" },
  objective: "TRAVEL",
  classTitle: `Aula ${id}`,
  date: "2026-05-04",
  hour: "10:00",
  startsAt: "2026-05-04T13:00:00.000Z",
  teacherValue: 25,
  totalValue: 40,
  payment: null,
  ...changes,
});

const reais = (text: string) => text.replace(" ", "\u00a0");

const server = (lessons: LessonHistoryView[], overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/lesson-histories": ({ query }) => pageOf(lessons, query),
    "GET /api/lesson-histories/totalAmount": () =>
      json({
        lessons: lessons.length,
        teacherValue: lessons.length * 25,
        totalValue: lessons.length * 40,
        paidValue: 25,
      }),
    "GET /api/lesson-histories/7": () => json(lessons.find((one) => one.id === 7)),
    "GET /api/users/teacher": () => json([{ id: 21, firstName: "Bruno", lastName: "Lima" }]),
    "GET /api/users/student": () => json([{ id: 11, firstName: "Ana", lastName: "Souza" }]),
    ...overrides,
  });

signInAdministratorForEachTest();

describe("lesson history", () => {
  it("shows the lessons held with the spec's columns, the totals panel in R$ and a view link", async () => {
    server([
      lesson(7, { payment: { id: 3, value: 25, valueCents: 2500, date: "2026-05-31T12:00:00.000Z" } }),
      lesson(8),
    ]);
    renderRoutes(adminSectionsArea, "/gerencia/historico");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "Professor",
      "Aluno",
      "Nível",
      "Objetivo",
      "Título da aula",
      "Data ▼",
      "Hora",
      "Valor do professor",
      "Valor da aula",
      "Pagamento",
      "",
    ]);
    const row = screen.getByText("Aula 7").closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Bruno Lima",
      "Ana Souza",
      "Begginer",
      "Viagem",
      "Aula 7",
      "04/05/2026",
      "10:00",
      reais("R$ 25,00"),
      reais("R$ 40,00"),
      "Pago",
      "VerPágina da aulaHistórico",
    ]);
    expect(within(screen.getByText("Aula 8").closest("tr") as HTMLElement).getByText("Pendente")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Ver" })).toHaveAttribute("href", "/gerencia/historico/7");
    expect(within(row).getByRole("link", { name: "Página da aula" })).toHaveAttribute("href", "/gerencia/aula/7");
    expect(within(row).getByRole("link", { name: "Histórico" })).toHaveAttribute("href", "/auditoria/fluxos/lesson-7");
    expect((await screen.findByText("Valor de referência")).nextElementSibling?.textContent).toBe(reais("R$ 80,00"));
    expect(screen.getByText("Aulas realizadas").nextElementSibling?.textContent).toBe("2");
    expect(screen.getByText("Pago aos professores").nextElementSibling?.textContent).toBe(reais("R$ 25,00"));
    expect(screen.getByText("Custo com professores").nextElementSibling?.textContent).toBe(reais("R$ 50,00"));
  });

  it("filters by year, month, teacher and student when Pesquisar is pressed, for the list and the totals", async () => {
    const calls = server([lesson(7)]);
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/historico");
    await screen.findByRole("table");
    const user = userEvent.setup();
    const year = String(new Date().getFullYear() - 1);
    expect(
      within(screen.getByRole("combobox", { name: "Ano" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Todos", String(new Date().getFullYear()), year, String(new Date().getFullYear() - 2)]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Ano" }), year);
    await user.selectOptions(screen.getByRole("combobox", { name: "Mês" }), "Maio");
    await waitFor(() => expect(screen.getByRole("option", { name: "Bruno Lima" })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole("combobox", { name: "Professor" }), "Bruno Lima");
    await user.selectOptions(screen.getByRole("combobox", { name: "Aluno" }), "Ana Souza");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === "/api/lesson-histories")
          .at(-1)
          ?.query.get("month"),
      ).toBe("5"),
    );
    const listCall = calls.filter((call) => call.path === "/api/lesson-histories").at(-1);
    expect(Object.fromEntries(listCall?.query ?? [])).toMatchObject({
      year,
      month: "5",
      teacherId: "21",
      studentId: "11",
      page: "0",
    });
    const totalsCall = calls.filter((call) => call.path === "/api/lesson-histories/totalAmount").at(-1);
    expect(Object.fromEntries(totalsCall?.query ?? [])).toMatchObject({
      year,
      month: "5",
      teacherId: "21",
      studentId: "11",
    });
    expect(new URLSearchParams(router.state.location.search).get("teacherId")).toBe("21");
  });

  it("says so when no lesson was held", async () => {
    server([]);
    renderRoutes(adminSectionsArea, "/gerencia/historico");
    expect(await screen.findByText("Nenhum histórico de aula encontrado")).toBeInTheDocument();
  });

  it("shows an error instead of the list when the history cannot be read", async () => {
    server([], { "GET /api/lesson-histories": () => json({ message: "error.http.500" }, { status: 500 }) });
    renderRoutes(adminSectionsArea, "/gerencia/historico");
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("opens one lesson read-only at /gerencia/historico/{id}, also from the spec's English and slash-less paths", async () => {
    server([lesson(7)]);
    const { router } = renderRoutes(adminSectionsArea, "/gerencialesson-history/7?page=1");
    expect(await screen.findByText("Aula realizada", { exact: false })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gerencia/historico/7");
    expect(await screen.findByText("Aula 7")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/gerencia/historico?page=1");
  });
});
