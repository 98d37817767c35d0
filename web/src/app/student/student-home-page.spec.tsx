import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { favoriteTeacher, lessonSeries } from "../../features/directory/directory-fixtures";
import { fakeApi, json } from "../../test/fake-api";
import { renderStudentArea, student } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";

/** A lesson Paul Smith gave two days ago, as `api/lessons/authenticatedUser` lists the finished ones. */
const givenLesson = {
  id: 1001,
  startsAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
  objective: "TRAVEL",
  trailObj: { id: 21, number: 1, title: "Small talk at work", level: 2 },
  level: { id: 2, name: "Intermediário" },
  status: "Aceito",
  meetUrl: "https://meet.jit.si/el-1001-x",
  teacher: { id: 7, name: "Paul Smith" },
  student: "Ana Souza",
  studentFeedbackId: null,
  teacherFeedbackId: null,
};

const server = () =>
  fakeApi({
    "GET /api/account": () => json(student({ balance: 0 })),
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "GET /api/trails": () => json([]),
    "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
    "GET /api/lessons/authenticatedUser": ({ query }) =>
      json(
        query.get("period") === "finished"
          ? { content: [givenLesson], totalElements: 1 }
          : { content: [], totalElements: 0 },
      ),
    "POST /api/lessons/1001/rebook": () => json({ booked: false, teacherId: 7, slots: ["2026-12-09T19:00:00-03:00"] }),
    "GET /api/account/favorites": () => json([favoriteTeacher()]),
    "GET /api/lesson-series": () => json([lessonSeries({ status: "PAUSED", pausedReason: "NO_CREDITS" })]),
  });

signInStudentForEachTest();

describe("the student's home and weekly series, put together by the area", () => {
  it("shows the paused series and the favourite teachers above the scheduling form and the lessons", async () => {
    server();
    renderStudentArea("/student");
    const favorites = await screen.findByRole("region", { name: "Meus professores favoritos" });
    expect(
      await screen.findByText(
        "Sua aula semanal com Ana Lima está pausada porque seus créditos acabaram. Contrate aulas para retomar.",
      ),
    ).toBeInTheDocument();
    const scheduling = await screen.findByRole("heading", { name: "Agendar aula" });
    expect(favorites.compareDocumentPosition(scheduling) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("listens for the answers to the student's lesson requests on every page of the area", async () => {
    server();
    const live = renderStudentArea("/student/aulas-semanais");
    await screen.findByRole("heading", { name: "Aulas semanais" });
    expect(live.listenerCount("lesson-request:answered")).toBe(1);
  });

  it("offers 'Agendar de novo' on a lesson given, with the teacher's nearest free starts when the same time is taken", async () => {
    const calls = server();
    renderStudentArea("/student");
    await userEvent.click(await screen.findByRole("button", { name: "Agendar de novo" }));
    const slots = await screen.findByRole("list", { name: "Próximos horários livres do professor" });
    expect(within(slots).getByRole("link", { name: "qua., 09/12 19:00" })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST" && call.path === "/api/lessons/1001/rebook")).toHaveLength(1);
  });

  it("offers a message to the teacher of a lesson, which the messages open", async () => {
    server();
    renderStudentArea("/student");
    expect(await screen.findByRole("link", { name: "Enviar mensagem" })).toHaveAttribute("href", "/mensagens?com=7");
  });

  it("opens the weekly series from the area's menu", async () => {
    server();
    renderStudentArea("/student");
    const menu = await screen.findByRole("navigation", { name: "Área do aluno" });
    await userEvent.click(within(menu).getByRole("link", { name: "Aulas semanais" }));
    expect(await screen.findByRole("heading", { name: "Aulas semanais" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Toda terça-feira às 19:00 com Ana Lima" })).toBeInTheDocument();
  });
});
