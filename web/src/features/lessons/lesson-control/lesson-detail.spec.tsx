import type { LessonDetailView } from "@el/domain/lessons/lesson-detail-view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminLessonsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { adminAccount, deferred, lessonRow } from "./test-server";

signInAdministratorForEachTest();

/** The page, once its lesson is shown: its title holds the id (in bold). */
const titled = async (text: string) => {
  await screen.findByRole("heading", { level: 3, name: "Quem e quando" });
  expect(screen.getByRole("heading", { level: 2, name: /^Aula/ }).textContent).toBe(text);
};

const bruno = { id: 21, firstName: "Bruno", lastName: "Lima" };
const carla = { id: 22, firstName: "Carla", lastName: null };

/** Lesson 7 of Ana, claimed by Bruno, given to Carla, rated, reported and paid; 13:30 UTC is 10:30 in São Paulo. */
const detail: LessonDetailView = {
  lesson: {
    ...lessonRow(7, {
      teacher: carla,
      meetUrl: "https://meet.jit.si/EnglishLessons-7-abcdefghijklmnopqrstuvwxyz",
      payment: { id: 90, value: 25, valueCents: 25_00, date: "2026-05-06T15:00:00.000Z" },
    }),
    cancelled: false,
  },
  studentLogin: "ana@example.com",
  teacherLogin: "carla@example.com",
  history: [
    { type: "LessonScheduled", at: "2026-05-01T12:00:00.000Z", teacher: null },
    { type: "LessonAccepted", at: "2026-05-01T13:00:00.000Z", teacher: bruno },
    { type: "LessonTeacherChanged", at: "2026-05-02T13:00:00.000Z", teacher: carla },
    { type: "StudentFeedbackGiven", at: "2026-05-04T15:00:00.000Z", teacher: null },
    { type: "TeacherFeedbackGiven", at: "2026-05-04T16:00:00.000Z", teacher: null },
    { type: "LessonPaid", at: "2026-05-06T15:00:00.000Z", teacher: null },
  ],
  studentFeedback: { note: 5, information: "Adorei a aula", at: "2026-05-04T15:00:00.000Z" },
  teacherFeedback: {
    status: 1,
    note: 4,
    information: "Boa conversa",
    sugestions: "Mais leitura",
    productSugestions: "",
    studentInformation: "Pontual",
    partialyHeld: null,
    at: "2026-05-04T16:00:00.000Z",
  },
};

describe("a lesson's page (/gerencia/aula/{id})", { timeout: 20_000 }, () => {
  it("shows who and when, each step with its time, the payout and both feedbacks, linking to the people and the audit", async () => {
    fakeApi({ "GET /api/account": adminAccount, "GET /api/lessons/7/detail": () => json(detail) });
    const { router } = renderRoutes(adminLessonsArea, "/gerencia/aula/7?page=2");
    await titled("Aula [7]");
    expect(screen.getByRole("link", { name: "Ana Souza" })).toHaveAttribute(
      "href",
      "/gerencia/aluno/ana%40example.com",
    );
    expect(screen.getByRole("link", { name: "Carla" })).toHaveAttribute(
      "href",
      "/gerencia/professor/carla%40example.com",
    );
    expect(screen.getByText("04/05/26")).toBeInTheDocument();
    expect(screen.getByText("10:30")).toBeInTheDocument();
    const steps = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(steps).toEqual([
      "01/05/26 09:00 — Agendada",
      "01/05/26 10:00 — Aceita pelo professor (Bruno Lima)",
      "02/05/26 10:00 — Professor trocado (Carla)",
      "04/05/26 12:00 — Feedback do aluno enviado",
      "04/05/26 13:00 — Relatório do professor enviado",
      "06/05/26 12:00 — Professor pago",
    ]);
    expect(screen.getByText(/^Pago: R\$\s?25,00 em 06\/05\/26$/)).toBeInTheDocument();
    expect(screen.getByText("Adorei a aula")).toBeInTheDocument();
    expect(screen.getByText("Aula realizada por completo")).toBeInTheDocument();
    expect(screen.getByText("Pontual")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Histórico" })).toHaveAttribute("href", "/auditoria/fluxos/lesson-7");
    await userEvent.setup().click(screen.getByRole("link", { name: "Voltar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/aula"));
    expect(router.state.location.search).toBe("?page=2");
  });

  it("says when a lesson has no teacher, payout or feedback yet", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/lessons/8/detail": () =>
        json({
          ...detail,
          lesson: { ...lessonRow(8), cancelled: false },
          teacherLogin: null,
          history: detail.history.slice(0, 1),
          studentFeedback: null,
          teacherFeedback: null,
        }),
    });
    renderRoutes(adminLessonsArea, "/gerencia/aula/8");
    await titled("Aula [8]");
    expect(screen.getAllByText("Pendente")).toHaveLength(2);
    expect(screen.getAllByText("Nenhum feedback enviado.")).toHaveLength(2);
  });

  it("shows loading, then says a lesson that does not exist was not found", async () => {
    const slow = deferred();
    fakeApi({ "GET /api/account": adminAccount, "GET /api/lessons/9/detail": () => slow.promise });
    renderRoutes(adminLessonsArea, "/gerencia/aula/9");
    const page = (await screen.findByRole("heading", { level: 2, name: /^Aula/ })).closest("section") as HTMLElement;
    expect(await within(page).findByRole("status")).toHaveTextContent("Carregando");
    slow.release(json({ status: 404, message: "error.lesson.notFound" }, { status: 404 }));
    expect(await within(page).findByRole("alert")).toHaveTextContent("Aula não encontrada.");
    expect(within(page).queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
  });

  it("shows a failure to read the lesson as an error", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/lessons/10/detail": () => json({ message: "error.http.500" }, { status: 500 }),
    });
    renderRoutes(adminLessonsArea, "/gerencia/aula/10");
    expect(await screen.findByText("Erro no servidor. Tente novamente em instantes.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Quem e quando" })).not.toBeInTheDocument();
  });

  it("is reached from each row of lesson control", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/users/teacher": () => json([]),
      "GET /api/users/student": () => json([]),
      "GET /api/lessons": () => json({ content: [lessonRow(7)], totalElements: 1 }),
      "GET /api/lessons/totals": () =>
        json({ lessons: 1, teacherCost: 25, teacherCostCents: 2500, revenue: 40, revenueCents: 4000 }),
      "GET /api/lessons/7/detail": () => json(detail),
    });
    const { router } = renderRoutes(adminLessonsArea, "/gerencia/aula?page=1");
    const row = (await screen.findAllByRole("row"))[1] as HTMLElement;
    await userEvent.setup().click(within(row).getByRole("link", { name: "Ver" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/aula/7"));
    await titled("Aula [7]");
  });
});
