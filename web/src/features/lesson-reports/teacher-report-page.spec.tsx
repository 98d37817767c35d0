import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api";
import { renderTeacherArea } from "../../test/render-area";
import { signInTeacherForEachTest } from "../../test/sign-in";
import { LESSON_ID, reportServer, reportView } from "./test-server";

signInTeacherForEachTest();
const PATH = `/teacher/aulas/${LESSON_ID}/relatorio`;
const notWritten = () => json({ message: "lessonReports.error.notFound" }, { status: 404 });

describe("Escrever relatório", () => {
  it("writes a new report by keyboard: vocabulary added and removed, saved with a clear message", async () => {
    let report = notWritten();
    const calls = reportServer("teacher", { report: () => report });
    renderTeacherArea(PATH);
    const user = userEvent.setup();
    const covered = await screen.findByLabelText("O que foi visto na aula");
    expect(screen.getByText("Nenhuma palavra adicionada.")).toBeInTheDocument();
    await user.type(covered, "Greetings");
    const word = screen.getByLabelText("Nova palavra ou expressão");
    await user.type(word, "good morning{Enter}");
    await user.type(word, "hello");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await user.type(word, "Hello{Enter}");
    const words = screen.getByRole("group", { name: "Vocabulário" });
    expect(
      within(words)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["good morning×", "hello×"]);
    await user.click(screen.getByRole("button", { name: "Remover good morning" }));
    await user.type(screen.getByLabelText("Lição de casa"), "Write five greetings");
    report = json(reportView({ version: 2 }));
    await user.click(screen.getByRole("button", { name: "Salvar relatório" }));

    expect(await screen.findByText("Relatório salvo (versão 2).")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      covered: "Greetings",
      vocabulary: ["hello"],
      corrections: "",
      homework: "Write five greetings",
    });
  });

  it("asks what was covered before saving, and shows the server's refusal", async () => {
    const calls = reportServer("teacher", {
      report: notWritten,
      save: () => json({ message: "lessonReports.error.notStarted" }, { status: 400 }),
    });
    renderTeacherArea(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Salvar relatório" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Conte o que foi visto na aula.");
    expect(screen.getByLabelText("O que foi visto na aula")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    await user.type(screen.getByLabelText("O que foi visto na aula"), "Greetings");
    await user.click(screen.getByRole("button", { name: "Salvar relatório" }));
    expect(await screen.findByText("O relatório pode ser escrito a partir do início da aula.")).toBeInTheDocument();
  });

  it("edits the report written, and shows Lição de casa feita when the student marks it, live", async () => {
    let report = json(reportView());
    reportServer("teacher", { report: () => report });
    const live = renderTeacherArea(PATH);
    expect(await screen.findByLabelText("O que foi visto na aula")).toHaveValue("Greetings and introductions");
    expect(screen.getByText("Aula de 10/03/26, 10:00 · Trilha 1 - Greetings")).toBeInTheDocument();
    expect(screen.getByText("O aluno ainda não marcou a lição de casa como feita.")).toBeInTheDocument();
    report = json(reportView({ homeworkDoneAt: "2026-03-11T12:00:00.000Z" }));
    act(() => live.push("lesson:homework-done", { lessonId: LESSON_ID, at: "2026-03-11T12:00:00.000Z" }));
    expect(await screen.findByText("Lição de casa feita em 11/03/26.")).toBeInTheDocument();
  });

  it("shows an error when the report cannot be loaded", async () => {
    reportServer("teacher", { report: () => json({ message: "error.unknown" }, { status: 500 }) });
    renderTeacherArea(PATH);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
