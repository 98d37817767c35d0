import type { StudentFeedbackView, TeacherFeedbackView } from "@el/domain/lessons/feedback-view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { fakeApi, json, pageOf } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminSectionsArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const lessonOf = (id: number) => ({
  id,
  date: "2026-05-04T13:00:00.000Z",
  trail: "3 - Ordering food",
  studentName: "Ana Souza",
  teacherName: "Bruno Lima",
});

const studentFeedback = (id: number, changes: Partial<StudentFeedbackView> = {}): StudentFeedbackView => ({
  id,
  lessonId: id + 100,
  note: id % 6,
  information: `Comentário ${id}`,
  givenAt: "2026-05-04T15:00:00.000Z",
  lesson: lessonOf(id + 100),
  ...changes,
});

const teacherFeedback: TeacherFeedbackView = {
  id: 9,
  lessonId: 109,
  status: 3,
  note: 4,
  information: "Student did not show up",
  sugestions: "Call before",
  productSugestions: "Reminders",
  studentInformation: "Absent",
  partialyHeld: null,
  skipped: false,
  givenAt: "2026-05-04T15:00:00.000Z",
  lesson: lessonOf(109),
};

const listCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.method === "GET" && call.path.endsWith("student-feedbacks"));

const studentServer = (feedbacks: StudentFeedbackView[], overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/student-feedbacks": ({ query }) => pageOf(feedbacks, query),
    "GET /api/_search/student-feedbacks": ({ query }) =>
      pageOf(
        feedbacks.filter((feedback) => feedback.information.includes(query.get("query") ?? "")),
        query,
      ),
    ...overrides,
  });

signInAdministratorForEachTest();

describe("student feedback list", () => {
  it("lists the feedback with sortable ID, note and information, the item count, 5 page buttons and each row's actions", async () => {
    const calls = studentServer(Array.from({ length: 130 }, (_, index) => studentFeedback(index + 1)));
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/feedback-aluno");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["ID ▼", "Aula", "Aluno", "Nota", "Informação", ""]);
    expect(screen.getByText("130 itens")).toBeInTheDocument();
    const row = screen.getByText("Comentário 2").closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(["2", "#102 · 3 - Ordering food", "Ana Souza", "2/5", "Comentário 2"]);
    expect(
      within(row)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/gerencia/feedback-aluno/2", "/gerencia/feedback-aluno/2/edit", "/gerencia/feedback-aluno/2/delete"]);
    expect(screen.getAllByRole("button", { name: /^\d+$/ })).toHaveLength(5);

    await userEvent.setup().click(screen.getByRole("button", { name: "Nota" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("note,asc"));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("note,asc");
  });

  it("searches with Buscar and lists everything again with Limpar", async () => {
    const calls = studentServer([studentFeedback(1, { information: "Ótima aula" }), studentFeedback(2)]);
    renderRoutes(adminSectionsArea, "/gerencia/feedback-aluno");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox"), "Ótima");
    await user.click(screen.getByRole("button", { name: "Buscar" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toBe("/api/_search/student-feedbacks"));
    expect(listCalls(calls).at(-1)?.query.get("query")).toBe("Ótima");
    await waitFor(() => expect(screen.queryByText("Comentário 2")).not.toBeInTheDocument());
    expect(screen.getByText("1 item")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    expect(await screen.findByText("Comentário 2")).toBeInTheDocument();
    expect(screen.getByRole("searchbox")).toHaveValue("");
  });

  it("shows 'Nenhum feedback de aluno encontrado' when there is none", async () => {
    studentServer([]);
    renderRoutes(adminSectionsArea, "/gerencia/feedback-aluno");
    expect(await screen.findByText("Nenhum feedback de aluno encontrado")).toBeInTheDocument();
  });

  it("deletes after the confirmation and returns to the list, which no longer shows it", async () => {
    let feedbacks = [studentFeedback(1), studentFeedback(2)];
    const calls = fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/student-feedbacks": ({ query }) => pageOf(feedbacks, query),
      "DELETE /api/student-feedbacks/2": () => {
        feedbacks = feedbacks.filter((feedback) => feedback.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/feedback-aluno/2/delete?page=1&sort=id,desc");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Tem certeza de que deseja excluir este feedback de aluno?")).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/feedback-aluno"));
    expect(router.state.location.search).toBe("?page=1&sort=id,desc");
    await waitFor(() => expect(screen.queryByText("Comentário 2")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
  });
});

describe("teacher feedback", () => {
  const teacherServer = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/teacher-feedbacks": ({ query }) => pageOf([teacherFeedback], query),
      "GET /api/teacher-feedbacks/9": () => json(teacherFeedback),
      "PUT /api/teacher-feedbacks/9": ({ body }) => json({ ...teacherFeedback, ...(body as object) }),
      ...overrides,
    });

  it("lists the report with its status and opens it read-only, also from the spec's English path", async () => {
    teacherServer();
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/teacher-feedback/9");
    expect(await screen.findByText("Student did not show up")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gerencia/feedback-professor/9");
    expect(screen.getByText("Aula não realizada")).toBeInTheDocument();
    expect(screen.getByText("Absent")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Editar" })).toHaveAttribute("href", "/gerencia/feedback-professor/9/edit");
  });

  it("corrects the report: a partly held lesson asks where it stopped, and saving sends PUT and returns to the list", async () => {
    const calls = teacherServer();
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/feedback-professor/9/edit");
    const status = await screen.findByRole("combobox", { name: "Status" });
    expect(screen.queryByLabelText("Onde a aula parou?")).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(status, "Aula realizada parcialmente");
    await user.type(screen.getByLabelText("Onde a aula parou?"), "Exercício 3");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/feedback-professor"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      id: 9,
      status: 2,
      note: 4,
      information: "Student did not show up",
      sugestions: "Call before",
      productSugestions: "Reminders",
      studentInformation: "Absent",
      partialyHeld: "Exercício 3",
    });
  });

  it("keeps the form and shows the server's message when the correction is refused", async () => {
    teacherServer({
      "PUT /api/teacher-feedbacks/9": () => json({ message: "A nota deve ser de 0 a 5." }, { status: 400 }),
    });
    const { router } = renderRoutes(adminSectionsArea, "/gerencia/feedback-professor/9/edit");
    await screen.findByRole("combobox", { name: "Status" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("A nota deve ser de 0 a 5.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gerencia/feedback-professor/9/edit");
  });
});
