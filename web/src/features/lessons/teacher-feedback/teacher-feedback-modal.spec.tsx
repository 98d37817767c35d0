import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../i18n/i18n";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { fakeApi, json } from "../../../test/fake-api";
import { TeacherFeedbackModal } from "./teacher-feedback-modal";

const LESSON: LessonCard = {
  id: 1001,
  date: "2026-03-10T22:00:00.000Z",
  trail: { number: 3, title: "Small talk at work" },
  levelName: "Intermediário",
  objective: "PROFESSIONAL",
  teacherName: "Paul Smith",
  studentName: "Ana Souza",
  meetUrl: "https://meet.jit.si/x",
  feedbackGiven: false,
};

const server = () => fakeApi({ "POST /api/teacher-feedbacks": () => json({ id: 9, lessonId: 1001 }, { status: 201 }) });

const renderForm = (prompted = false) => {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(<TeacherFeedbackModal lesson={LESSON} prompted={prompted} onDone={onDone} onClose={onClose} />);
  return { onDone, onClose };
};

afterEach(() => vi.unstubAllGlobals());

describe("the teacher's lesson report", () => {
  it("asks for a status, a material rating and the three required texts before sending anything", async () => {
    const calls = server();
    renderForm();
    expect(screen.queryByLabelText("Onde a aula parou?")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));

    expect(screen.getByText("Selecione uma opção")).toBeInTheDocument();
    expect(screen.getByText("Avalie o material")).toBeInTheDocument();
    expect(screen.getAllByText("Este campo é obrigatório")).toHaveLength(3);
    expect(calls).toHaveLength(0);
  });

  it("asks where the lesson stopped only when it was partly held, and then requires it", async () => {
    const calls = server();
    const { onDone } = renderForm();
    await userEvent.click(screen.getByLabelText("Aula realizada parcialmente"));
    await userEvent.click(screen.getByRole("button", { name: "4 estrelas" }));
    await userEvent.type(screen.getByLabelText("Sugestões para o material"), "More listening exercises");
    await userEvent.type(screen.getByLabelText("Sugestões para a English Lessons"), "Nothing to add");
    await userEvent.type(screen.getByLabelText("Sobre o aluno"), "Good vocabulary, shy when speaking");

    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(screen.getByText("Este campo é obrigatório")).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText("Onde a aula parou?"), "Exercise 4, role play");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({
      lessonId: 1001,
      status: 2,
      note: 4,
      information: "",
      sugestions: "More listening exercises",
      productSugestions: "Nothing to add",
      studentInformation: "Good vocabulary, shy when speaking",
      partialyHeld: "Exercise 4, role play",
    });
  });

  it("drops where the lesson stopped when the status changes away from partly held", async () => {
    server();
    renderForm();
    await userEvent.click(screen.getByLabelText("Aula realizada parcialmente"));
    expect(screen.getByLabelText("Onde a aula parou?")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Aula realizada por completo"));
    expect(screen.queryByLabelText("Onde a aula parou?")).not.toBeInTheDocument();
  });

  it("stores an empty report when the prompted teacher skips it", async () => {
    const calls = server();
    const { onDone } = renderForm(true);
    await userEvent.click(screen.getByRole("button", { name: "Pular" }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({ lessonId: 1001, skipped: true });
  });
});
