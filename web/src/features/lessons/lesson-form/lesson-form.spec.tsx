import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";
import { fakeApi, json } from "../../../test/fake-api";
import { optionNames } from "../../../test/options";
import { renderRoutes } from "../../../test/render";
import { adminLessonsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { adminAccount, lessonRow, levels, students, teachers, trails } from "../lesson-control/test-server";

signInAdministratorForEachTest();

const scheduling = {
  id: 70,
  date: "2099-05-04T13:30:00.000Z",
  objective: "TRAVEL",
  trail: { id: 4, number: 1, title: "Greetings", level: 1 },
  level: { id: 1, name: "Begginer" },
  student: { id: 12, firstName: "João", lastName: "Conceição" },
  lesson: null,
  createdDate: "2026-05-01T12:00:00.000Z",
};

const server = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/teacher": () => json(teachers),
    "GET /api/users/student": () => json(students),
    "GET /api/levels": () => json(levels),
    "GET /api/trails": () => json(trails),
    "GET /api/lessons": () => json({ content: [], totalElements: 0 }),
    "GET /api/lessons/totals": () =>
      json({ lessons: 0, teacherCost: 0, teacherCostCents: 0, revenue: 0, revenueCents: 0 }),
    "POST /api/lessons/admin": () => json(scheduling, { status: 201 }),
    ...overrides,
  });

/** Typing into forms takes seconds when the shared machine is busy. */
describe("Criar aula (/gerencia/aula/new)", { timeout: 20_000 }, () => {
  it("offers the active levels, that level's trails by number, the half hours and the teachers; creates the lesson and returns to the list", async () => {
    const calls = server();
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula/new?page=2&sort=scheduling.date,desc");
    await screen.findByRole("heading", { name: "Criar aula" });
    expect(optionNames(screen.getByLabelText("Nível da aula"))).toEqual(["Selecione", "Begginer", "Intermediário"]);
    await user.selectOptions(screen.getByLabelText("Aluno"), "João Conceição");
    await user.selectOptions(screen.getByLabelText("Nível da aula"), "Begginer");
    expect(optionNames(screen.getByLabelText("Trilha"))).toEqual(["Selecione", "1 - Greetings", "2 - At the airport"]);
    await user.selectOptions(screen.getByLabelText("Trilha"), "1 - Greetings");
    await user.clear(screen.getByLabelText("Dia"));
    await user.type(screen.getByLabelText("Dia"), "2099-05-04");
    const hours = optionNames(screen.getByLabelText("Hora"));
    expect([hours[0], hours[1], hours.at(-1)]).toEqual(["07:00", "07:30", "22:00"]);
    await user.selectOptions(screen.getByLabelText("Hora"), "10:30");
    expect(optionNames(screen.getByLabelText("Professor"))).toEqual([
      "Sem professor (aguarda um professor)",
      "Bruno Lima",
      "Carla",
    ]);
    await user.selectOptions(screen.getByLabelText("Professor"), "Carla");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await screen.findByRole("heading", { name: "Controle de aulas" });
    const created = calls.find((call) => call.method === "POST" && call.path === "/api/lessons/admin");
    const body = created?.body as { date: string };
    // 10:30 on the São Paulo wall clock.
    expect(new Date(body.date).toISOString()).toBe("2099-05-04T13:30:00.000Z");
    expect(body).toEqual({
      student: { id: 12 },
      level: { id: 1 },
      trail: { id: 4 },
      date: body.date,
      teacher: { id: 22 },
    });
    expect(
      calls
        .filter((call) => call.path === "/api/lessons")
        .at(-1)
        ?.query.get("page"),
    ).toBe("1");
  });

  it("says which fields are required and sends nothing", async () => {
    const calls = server();
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula/new");
    await screen.findByRole("heading", { name: "Criar aula" });
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(3);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("says the required fields in English in the English interface", async () => {
    server();
    const user = userEvent.setup();
    try {
      renderRoutes(adminLessonsArea, "/gerencia/aula/new");
      await screen.findByRole("heading", { name: "Criar aula" });
      await i18n.changeLanguage("en");
      await screen.findByRole("heading", { name: "Create lesson" });
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findAllByText("This field is required")).toHaveLength(3);
    } finally {
      await i18n.changeLanguage("pt-br");
    }
  });

  it("shows the server's refusal (no credit left, a time off the half hour) and stays on the form", async () => {
    server({
      "POST /api/lessons/admin": () =>
        json(
          {
            message: NO_CREDITS_LEFT,
            fieldErrors: [{ field: "date", message: "O horário deve ser selecionado de 30 em 30 minutos." }],
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula/new");
    await screen.findByRole("heading", { name: "Criar aula" });
    await user.selectOptions(screen.getByLabelText("Aluno"), "Ana Souza");
    await user.selectOptions(screen.getByLabelText("Nível da aula"), "Intermediário");
    await user.selectOptions(screen.getByLabelText("Trilha"), "1 - Meetings");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText(
        "Suas aulas acabaram. Para prosseguir com o agendamento é necessário comprar mais aulas.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("O horário deve ser selecionado de 30 em 30 minutos.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Criar aula" })).toBeInTheDocument();
  });
});

describe("editing a lesson (/gerencia/aula/{id}/edit)", { timeout: 20_000 }, () => {
  it("shows the lesson, lets the day, hour and teacher change, and sends them with PUT", async () => {
    const calls = server({
      "GET /api/lessons/70": () =>
        json({
          ...lessonRow(70, {
            student: { id: 12, firstName: "João", lastName: "Conceição" },
            trail: { id: 4, number: 1, title: "Greetings" },
            startsAt: "2099-05-04T13:30:00.000Z",
            date: "2099-05-04",
            time: "10:30",
            teacher: { id: 21, firstName: "Bruno", lastName: "Lima" },
          }),
          cancelled: false,
        }),
      "PUT /api/lessons/70": () => json({ ...scheduling, date: "2099-05-05T18:00:00.000Z" }),
    });
    const user = userEvent.setup();
    renderRoutes(adminLessonsArea, "/gerencia/aula/70/edit");
    await screen.findByRole("heading", { name: "Editar aula" });
    expect(screen.getByLabelText("Aluno")).toBeDisabled();
    expect(screen.getByLabelText("Aluno")).toHaveValue("12");
    expect(screen.getByLabelText("Trilha")).toBeDisabled();
    expect(screen.getByLabelText("Professor")).toHaveValue("21");
    expect(screen.getByLabelText("Hora")).toHaveValue("10:30");
    await user.clear(screen.getByLabelText("Dia"));
    await user.type(screen.getByLabelText("Dia"), "2099-05-05");
    await user.selectOptions(screen.getByLabelText("Hora"), "15:00");
    await user.selectOptions(screen.getByLabelText("Professor"), "Carla");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await screen.findByRole("heading", { name: "Controle de aulas" });
    const body = calls.find((call) => call.method === "PUT")?.body as { date: string };
    expect(new Date(body.date).toISOString()).toBe("2099-05-05T18:00:00.000Z");
    expect(body).toEqual({ date: body.date, teacher: { id: 22 } });
  });

  it("says when the lesson does not exist", async () => {
    server({ "GET /api/lessons/71": () => json({ message: "Aula não encontrada." }, { status: 404 }) });
    renderRoutes(adminLessonsArea, "/gerencia/aula/71/edit");
    expect(await screen.findByText("Aula não encontrada.")).toBeInTheDocument();
  });
});
