import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api";
import { renderStudentArea } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";
import { LESSON_ID, progressView, reportServer, reportView } from "./test-server";

signInStudentForEachTest();

const REPORT_PATH = `/student/aulas/${LESSON_ID}/relatorio`;

describe("the student's lesson report", () => {
  it("shows what was covered, the vocabulary, corrections and homework, and marks the homework done", async () => {
    let report = json(reportView());
    const calls = reportServer("student", { report: () => report });
    renderStudentArea(REPORT_PATH);
    expect(await screen.findByText("Greetings and introductions")).toBeInTheDocument();
    expect(screen.getByText("Professor(a): Paul Smith")).toBeInTheDocument();
    expect(screen.getByText("nice to meet you")).toBeInTheDocument();
    expect(screen.getByText("I have 20 years → I am 20 years old")).toBeInTheDocument();
    report = json(reportView({ homeworkDoneAt: "2026-03-11T12:00:00.000Z" }));
    await userEvent.setup().click(screen.getByRole("button", { name: "Marcar lição como feita" }));
    expect(await screen.findByText("Lição de casa feita em 11/03/26.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Marcar lição como feita" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("says when the teacher has not written it yet, and shows it once written, live", async () => {
    let report = json({ message: "lessonReports.error.notFound" }, { status: 404 });
    reportServer("student", { report: () => report });
    const live = renderStudentArea(REPORT_PATH);
    expect(await screen.findByText("O professor ainda não escreveu o relatório desta aula.")).toBeInTheDocument();
    report = json(reportView({ homework: "" }));
    act(() => live.push("lesson:report-written", { lessonId: LESSON_ID, version: 1 }));
    expect(await screen.findByText("Greetings and introductions")).toBeInTheDocument();
    expect(screen.getByText("O professor atualizou o relatório.")).toBeInTheDocument();
    expect(screen.getByText("Sem lição de casa nesta aula.")).toBeInTheDocument();
  });
});

describe("Progresso", () => {
  it("is in the student menu, with hours by level and trail, streak, vocabulary and the certificate", async () => {
    reportServer("student");
    renderStudentArea("/student");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Progresso" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Progresso" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "3 horas de aula em 3 aulas" })).toBeInTheDocument();
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["NívelTrilhaAulasHoras", "Begginer1 - Greetings22", "Begginer2 - Food11"]);
    expect(screen.getByText("2 semanas seguidas com aula")).toBeInTheDocument();
    expect(screen.getByText("Faltam 17 aulas para sugerirmos refazer o teste de nível.")).toBeInTheDocument();
    expect(screen.getByText("menu")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Baixar certificado (PDF)" })).toBeEnabled();
  });

  it("invites to retake the level test once due, and says what shows when there is nothing yet", async () => {
    reportServer("student", {
      progress: () =>
        json(
          progressView({
            lessons: 0,
            hours: 0,
            byTrail: [],
            vocabulary: [],
            streakWeeks: 0,
            levelTest: { lastTakenAt: null, lessonsSince: 0, retakeAfter: 20, due: true },
          }),
        ),
    });
    renderStudentArea("/student/progresso");
    expect(await screen.findByText(/Você ainda não concluiu nenhuma aula/)).toBeInTheDocument();
    expect(screen.getByText("Faça uma aula esta semana para começar uma sequência.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fazer o teste de nível" })).toHaveAttribute(
      "href",
      "/student/teste-de-nivel",
    );
  });

  it("shows an error when the progress cannot be loaded", async () => {
    reportServer("student", { progress: () => json({ message: "error.unknown" }, { status: 500 }) });
    renderStudentArea("/student/progresso");
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
