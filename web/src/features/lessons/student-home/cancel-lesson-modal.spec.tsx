import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../i18n/i18n";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { fakeApi, json } from "../../../test/fake-api";
import { CancelLessonModal } from "./cancel-lesson-modal";

const HOUR_MS = 3_600_000;
const lessonIn = (hours: number): LessonCard => ({
  id: 9,
  date: new Date(Date.now() + hours * HOUR_MS).toISOString(),
  trail: { number: 3, title: "Viagens" },
  levelName: "Básico",
  objective: "TRAVEL",
  teacherName: "Paul Smith",
  studentName: null,
  meetUrl: null,
  feedbackGiven: false,
});

const open = (hours: number) => {
  const onCancelled = vi.fn();
  render(<CancelLessonModal lesson={lessonIn(hours)} onClose={() => {}} onCancelled={onCancelled} />);
  return onCancelled;
};

beforeEach(async () => {
  await i18n.changeLanguage("pt-br");
});
afterEach(() => vi.unstubAllGlobals());

describe("cancelling a lesson", () => {
  it("with 24 hours of notice, states the policy without sending the student to support, and cancels", async () => {
    const calls = fakeApi({
      "DELETE /api/schedulings/9": () =>
        json(
          { id: 9, refunded: true },
          { headers: { "X-app-alert": "lessons.alerts.cancelledRefunded", "X-app-params": "9" } },
        ),
    });
    const onCancelled = open(48);
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("o cancelamento precisa ser feito com pelo menos 24 horas de antecedência.");
    expect(dialog).toHaveTextContent("ao cancelar, o crédito volta para o seu saldo");
    expect(dialog).not.toHaveTextContent(/suporte/);

    await userEvent.setup().click(screen.getByRole("button", { name: "Cancelar aula" }));
    expect(onCancelled).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/api/schedulings/9"]);
  });

  it("later than that, offers no cancel button and sends the student to support by chat", () => {
    fakeApi({});
    open(5);
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Para cancelar esta aula, fale com o suporte pelo chat.");
    expect(screen.getByRole("link", { name: "Falar com o suporte" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancelar aula" })).not.toBeInTheDocument();
  });

  it("speaks English once English is chosen", async () => {
    fakeApi({});
    await i18n.changeLanguage("en");
    open(48);
    expect(screen.getByRole("dialog")).toHaveTextContent("a cancellation needs at least 24 hours' notice.");
  });
});
