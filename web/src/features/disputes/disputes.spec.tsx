import type { DisputeView } from "@el/domain/disputes/dispute-contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../lib/socket";
import { adminAccount, studentAccount } from "../../test/fake-accounts";
import { fakeApi, json } from "../../test/fake-api";
import { createManualFeed } from "../../test/manual-feed";
import { renderRoutes, whereAmI } from "../../test/render";
import { TEACHER } from "../../test/render-area";
import { signInAdministratorForEachTest, signInStudentForEachTest, signInTeacherForEachTest } from "../../test/sign-in";
import { DisputesQueuePage } from "./admin/disputes-queue-page";
import { ResolveDisputePage } from "./admin/resolve-dispute-page";
import { DisputePage } from "./party/dispute-page";
import { MyDisputesPage } from "./party/my-disputes-page";
import { ReportDisputePage } from "./party/report-dispute-page";

const dispute = (changes: Partial<DisputeView> = {}): DisputeView => ({
  id: 40,
  lessonId: 40,
  lessonDate: "2026-11-27T13:00:00.000Z",
  reason: "TEACHER_ABSENT",
  status: "OPEN",
  openedBy: "STUDENT",
  student: { id: 5, name: "Ana Souza" },
  teacher: { id: 7, name: "Paul Smith" },
  comment: "Esperei 30 minutos.",
  openedAt: "2026-11-27T15:00:00.000Z",
  answerDeadline: new Date(Date.now() + 3_600_000).toISOString(),
  answer: null,
  resolution: null,
  ...changes,
});

const show = (path: string, pattern: string, page: ReactElement) => {
  const live = createManualFeed();
  renderRoutes(
    [
      { path: pattern, element: <LiveFeedProvider feed={live.feed}>{page}</LiveFeedProvider> },
      whereAmI("/disputas/:id"),
    ],
    path,
  );
  return live;
};

describe("a student reporting a lesson", () => {
  signInStudentForEachTest();

  it("asks for a comment, then sends the reason and comment and opens the report", async () => {
    const calls = fakeApi({
      "GET /api/account": () => studentAccount(),
      "POST /api/lessons/40/disputes": () => json({ id: 40 }, { status: 201 }),
    });
    show("/disputas/relatar/40", "/disputas/relatar/:lessonId", <ReportDisputePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Enviar relato" }));
    expect(screen.getByText("Escreva um comentário.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Professor não compareceu" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Problema técnico" }));
    await user.type(screen.getByLabelText("Comentário"), "A conexão caiu.");
    await user.click(screen.getByRole("button", { name: "Enviar relato" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/disputas/40");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      reason: "TECHNICAL",
      comment: "A conexão caiu.",
    });
  });

  it("shows why the server refused, in words", async () => {
    fakeApi({
      "GET /api/account": () => studentAccount(),
      "POST /api/lessons/40/disputes": () => json({ message: "error.dispute.tooLate", status: 400 }, { status: 400 }),
    });
    show("/disputas/relatar/40", "/disputas/relatar/:lessonId", <ReportDisputePage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Comentário"), "Ninguém entrou.");
    await user.click(screen.getByRole("button", { name: "Enviar relato" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("O prazo para relatar terminou");
  });

  it("says when the user has no reports", async () => {
    fakeApi({ "GET /api/account": () => studentAccount(), "GET /api/disputes": () => json([]) });
    show("/disputas", "/disputas", <MyDisputesPage />);
    expect(await screen.findByText("Nenhum relato de aula.")).toBeInTheDocument();
  });

  it("does not offer the student an answer to their own report", async () => {
    fakeApi({ "GET /api/account": () => studentAccount(), "GET /api/disputes/40": () => json(dispute()) });
    show("/disputas/40", "/disputas/:id", <DisputePage />);
    expect(await screen.findByText("Esperei 30 minutos.")).toBeInTheDocument();
    expect(screen.getByText("Aguardando a decisão da administração.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Sua resposta")).not.toBeInTheDocument();
  });
});

describe("the teacher answering", () => {
  signInTeacherForEachTest();

  it("answers the student's report and sees the answer; a push of the decision shows it", async () => {
    let current = dispute();
    const calls = fakeApi({
      "GET /api/account": () => json(TEACHER),
      "GET /api/disputes/40": () => json(current),
      "POST /api/disputes/40/answer": () => {
        current = dispute({ status: "ANSWERED", answer: { comment: "Eu estava na sala.", at: current.openedAt } });
        return json(current);
      },
    });
    const live = show("/disputas/40", "/disputas/:id", <DisputePage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Sua resposta"), "Eu estava na sala.");
    await user.click(screen.getByRole("button", { name: "Enviar resposta" }));

    expect(await screen.findByText("Respondido")).toBeInTheDocument();
    expect(screen.queryByLabelText("Sua resposta")).not.toBeInTheDocument();
    expect(screen.getByText("Eu estava na sala.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ comment: "Eu estava na sala." });

    current = dispute({
      status: "RESOLVED",
      answer: current.answer,
      resolution: { refundStudent: true, payTeacher: false, reason: "Ausência confirmada.", at: current.openedAt },
    });
    live.push("dispute:changed", { disputeId: 40, lessonId: 40, status: "RESOLVED" });
    expect(await screen.findByText("Ausência confirmada.")).toBeInTheDocument();
    expect(screen.getByText("Pagamento do professor retido")).toBeInTheDocument();
  });

  it("says the 48 hours are over instead of offering the form", async () => {
    fakeApi({
      "GET /api/account": () => json(TEACHER),
      "GET /api/disputes/40": () => json(dispute({ answerDeadline: "2026-01-01T00:00:00.000Z" })),
    });
    show("/disputas/40", "/disputas/:id", <DisputePage />);
    expect(await screen.findByText("O prazo de 48 horas para responder terminou.")).toBeInTheDocument();
  });
});

describe("the back office's disputes", () => {
  signInAdministratorForEachTest();

  it("lists the open disputes with the flagged teacher's badge, and filters by status", async () => {
    const calls = fakeApi({
      "GET /api/account": () => adminAccount(),
      "GET /api/disputes": (request) => json(request.query.get("status") === "RESOLVED" ? [] : [dispute()]),
      "GET /api/disputes/flagged-teachers": () => json([{ teacherId: 7, name: "Paul Smith", disputes: 3 }]),
    });
    show("/gerencia/disputas", "/gerencia/disputas", <DisputesQueuePage />);
    const flagged = await screen.findByRole("list", { name: "Professores sinalizados" });
    expect(within(flagged).getByText("3 ausências em 30 dias")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Ver e resolver" })).toHaveAttribute(
      "href",
      "/gerencia/disputas/40",
    );
    expect(calls.find((call) => call.path === "/api/disputes")?.query.get("status")).toBe("OPEN");
    await userEvent.setup().selectOptions(screen.getByLabelText("Situação"), "Resolvido");
    expect(await screen.findByText("Nenhuma disputa nesta situação.")).toBeInTheDocument();
  });

  it("resolves with the credit back, the payout withheld and a reason", async () => {
    let current = dispute();
    const calls = fakeApi({
      "GET /api/account": () => adminAccount(),
      "GET /api/disputes/40": () => json(current),
      "POST /api/disputes/40/resolve": () => {
        current = dispute({
          status: "RESOLVED",
          resolution: { refundStudent: true, payTeacher: false, reason: "Confirmado.", at: current.openedAt },
        });
        return json(current);
      },
    });
    show("/gerencia/disputas/40", "/gerencia/disputas/:id", <ResolveDisputePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Resolver" }));
    expect(screen.getByText("Escreva um comentário.")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Devolver o crédito ao aluno"));
    await user.click(screen.getByLabelText("Pagar o professor por esta aula"));
    await user.type(screen.getByLabelText("Motivo da decisão (os dois lados verão)"), "Confirmado.");
    await user.click(screen.getByRole("button", { name: "Resolver" }));
    expect(await screen.findByText("Crédito devolvido ao aluno")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      refundStudent: true,
      payTeacher: false,
      reason: "Confirmado.",
    });
    expect(screen.queryByRole("button", { name: "Resolver" })).not.toBeInTheDocument();
  });

  it("says when a dispute cannot be loaded", async () => {
    fakeApi({
      "GET /api/account": () => adminAccount(),
      "GET /api/disputes/40": () => json({ message: "error.dispute.notFound", status: 404 }, { status: 404 }),
    });
    show("/gerencia/disputas/40", "/gerencia/disputas/:id", <ResolveDisputePage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Relato não encontrado.");
  });
});
