import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { renderTeacherArea, TEACHER } from "../../../test/render-area";
import { signInTeacherForEachTest } from "../../../test/sign-in";

const STORED = { weekly: [{ dayOfWeek: 1, start: "18:00", end: "22:00" }], daysOff: ["2026-12-24"] };
/** Monday 7 December 2026, 18:00 in São Paulo. */
const AFFECTED = [{ lessonId: 1001, date: "2026-12-07T21:00:00.000Z", student: { id: 5, name: "Ana Souza" } }];

type Handler = Parameters<typeof fakeApi>[0][string];

const server = (answers: { get?: Handler; put?: Handler } = {}) =>
  fakeApi({
    "GET /api/account": () => json(TEACHER),
    "GET /api/teachers/me/availability": answers.get ?? (() => json(STORED)),
    "PUT /api/teachers/me/availability": answers.put ?? (({ body }) => json(body)),
  });

const renderPage = () => renderTeacherArea("/teacher/disponibilidade");
const day = (name: string) => screen.getByRole("group", { name });
const windowsOf = (name: string) =>
  within(day(name))
    .queryAllByRole("group")
    .map((window) => window.getAttribute("aria-label"));

signInTeacherForEachTest();

describe("the teacher's Minha disponibilidade", () => {
  it("sits in the teacher menu and says it is loading until the availability arrives", async () => {
    const answer = deferred();
    server({ get: () => answer.promise });
    renderPage();
    const menu = await screen.findByRole("navigation", { name: "Área do professor" });
    expect(within(menu).getByRole("link", { current: "page" })).toHaveTextContent("Minha disponibilidade");
    expect(await screen.findByText("Carregando...")).toBeInTheDocument();
    answer.release(json(STORED));
    expect(await screen.findByRole("heading", { name: "Horários da semana" })).toBeInTheDocument();
  });

  it("shows the windows by weekday and the dates off, and the days without hours as such", async () => {
    server();
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    expect(windowsOf("Segunda-feira")).toEqual(["Segunda-feira, das 18:00 às 22:00"]);
    expect(within(day("Terça-feira")).getByText("Nenhum horário")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remover a folga de 24/12/2026" })).toBeInTheDocument();
  });

  it("says so when there is no availability yet", async () => {
    server({ get: () => json({ weekly: [], daysOff: [] }) });
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    expect(within(day("Segunda-feira")).getByText("Nenhum horário")).toBeInTheDocument();
    expect(screen.getByText("Nenhuma folga marcada.")).toBeInTheDocument();
  });

  it("says so when the availability cannot be loaded, and loads it again on request", async () => {
    let calls = 0;
    server({
      get: () => {
        calls += 1;
        return calls === 1 ? json({ message: "error.unexpected" }, { status: 500 }) : json(STORED);
      },
    });
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("heading", { name: "Horários da semana" })).toBeInTheDocument();
  });

  it("adds, changes and removes windows and dates off with the keyboard, and saves them", async () => {
    const calls = server();
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    const user = userEvent.setup();

    screen.getByRole("button", { name: "Adicionar horário na Quarta-feira" }).focus();
    await user.keyboard("{Enter}");
    expect(windowsOf("Quarta-feira")).toEqual(["Quarta-feira, das 18:00 às 22:00"]);
    await user.selectOptions(within(day("Quarta-feira")).getByLabelText("Das"), "07:00");
    await user.selectOptions(within(day("Quarta-feira")).getByLabelText("às"), "12:30");
    expect(windowsOf("Quarta-feira")).toEqual(["Quarta-feira, das 07:00 às 12:30"]);
    await user.click(screen.getByRole("button", { name: "Remover horário de Segunda-feira, das 18:00 às 22:00" }));
    expect(windowsOf("Segunda-feira")).toEqual([]);

    await user.type(screen.getByLabelText("Data da folga"), "2026-12-31");
    await user.click(screen.getByRole("button", { name: "Adicionar folga" }));
    await user.click(screen.getByRole("button", { name: "Remover a folga de 24/12/2026" }));
    expect(screen.getByText("Há alterações não salvas.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Salvar disponibilidade" }));
    expect(await screen.findByText("Disponibilidade salva.")).toBeInTheDocument();
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toEqual({
      weekly: [{ dayOfWeek: 3, start: "07:00", end: "12:30" }],
      daysOff: ["2026-12-31"],
      confirm: false,
    });
    expect(put?.headers.get("Authorization")).toBe("Bearer teacher-token");
  });

  it("does not send a window shorter than an hour, and says why", async () => {
    const calls = server();
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    const user = userEvent.setup();
    await user.selectOptions(within(day("Segunda-feira")).getByLabelText("às"), "18:30");
    expect(within(day("Segunda-feira")).getByRole("alert")).toHaveTextContent(
      "O horário precisa ter pelo menos uma hora.",
    );
    await user.click(screen.getByRole("button", { name: "Salvar disponibilidade" }));
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("lists the lessons a day off takes away and resends confirmed when the teacher confirms", async () => {
    const calls = server({
      put: ({ body }) =>
        (body as { confirm: boolean }).confirm
          ? json({ weekly: STORED.weekly, daysOff: ["2026-12-07", "2026-12-24"] })
          : json({ message: "error.availability.affected", affected: AFFECTED }, { status: 409 }),
    });
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Data da folga"), "2026-12-07");
    await user.click(screen.getByRole("button", { name: "Adicionar folga" }));
    await user.click(screen.getByRole("button", { name: "Salvar disponibilidade" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirmar alteração" });
    expect(within(dialog).getByText("Esta alteração tira 1 aula já agendada da sua agenda:")).toBeInTheDocument();
    expect(within(dialog).getByRole("listitem")).toHaveTextContent("07/12/26 às 18:00 com Ana Souza");
    expect(dialog).toHaveTextContent("voltam para o quadro de aulas abertas");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar e salvar" }));

    expect(await screen.findByText("Disponibilidade salva.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === "PUT").map((call) => (call.body as { confirm: boolean }).confirm),
    ).toEqual([false, true]);
  });

  it("keeps the change unsaved when the teacher goes back from the confirmation", async () => {
    const calls = server({
      put: () => json({ message: "error.availability.affected", affected: AFFECTED }, { status: 409 }),
    });
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remover horário de Segunda-feira, das 18:00 às 22:00" }));
    await user.click(screen.getByRole("button", { name: "Salvar disponibilidade" }));
    await screen.findByRole("dialog", { name: "Confirmar alteração" });
    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Há alterações não salvas.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1);
  });

  it("says a refused save in the server's words", async () => {
    server({ put: () => json({ message: "error.availability.hours" }, { status: 400 }) });
    renderPage();
    await screen.findByRole("heading", { name: "Horários da semana" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Salvar disponibilidade" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Os horários vão das 07:00 às 23:00.");
  });
});
