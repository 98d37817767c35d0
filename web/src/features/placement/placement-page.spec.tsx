import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/i18n";
import { json } from "../../test/fake-api";
import { renderStudentArea } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";
import { placementServer, QUESTIONS, RESULT, TEST_ID } from "./test-server";

signInStudentForEachTest();
afterEach(() => {
  vi.useRealTimers();
  void i18n.changeLanguage("pt-br");
});

const NOW = new Date("2026-11-30T12:00:00.000Z");

describe("Teste de nível", () => {
  it("is in the student menu and opens on an invitation to start", async () => {
    placementServer();
    renderStudentArea("/student");
    const menu = await screen.findByRole("navigation", { name: "Área do aluno" });
    await userEvent.setup().click(within(menu).getByRole("link", { name: "Teste de nível" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Teste de nível" })).toBeInTheDocument();
    expect(await screen.findByText(/são 20 questões de gramática, vocabulário e leitura/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Começar o teste" })).toBeEnabled();
  });

  it("asks one question at a time with its progress, answered with the keyboard only, and ends with the level, why and the trail", async () => {
    const calls = placementServer();
    renderStudentArea("/student/teste-de-nivel");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Começar o teste" }));

    expect(await screen.findByText("Questão 1 de 20")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Questão 1 de 20" })).toHaveAttribute("value", "0");
    const first = screen.getByRole("group", { name: "This hotel is ___ than the one we stayed in last year." });
    expect(within(first).getAllByRole("radio")).toHaveLength(4);
    const send = screen.getByRole("button", { name: "Responder" });
    expect(send).toBeDisabled();
    // The question's heading takes the focus: Tab reaches the options, arrows choose, Enter sends.
    expect(screen.getByRole("heading", { level: 2 })).toHaveFocus();
    await user.tab();
    await user.keyboard(" ");
    await user.keyboard("{ArrowDown}");
    expect(within(first).getByRole("radio", { name: "more cheap" })).toBeChecked();
    await user.keyboard("{Enter}");

    expect(await screen.findByText("Questão 2 de 20")).toBeInTheDocument();
    expect(screen.getByText(/Working from home was once seen as a perk/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Responder" })).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Commuting improves productivity" }));
    const accountReads = calls.filter((call) => call.path === "/api/account").length;
    await user.click(screen.getByRole("button", { name: "Responder" }));

    expect(await screen.findByRole("heading", { name: "Seu resultado" })).toBeInTheDocument();
    expect(screen.getByText("Seu nível: Intermediário Avançado")).toBeInTheDocument();
    expect(screen.getByText(RESULT.explanation["pt-br"])).toBeInTheDocument();
    expect(screen.getByText(/Sugerimos começar pela trilha 1 - Telling stories\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver as Trilhas de Ensino" })).toHaveAttribute("href", "/student/trilhas");
    expect(screen.getByText("Você poderá refazer o teste a partir de 24/12/2026.")).toBeInTheDocument();

    // The level changed: the account (the area's "Nível") is read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === "/api/account").length).toBeGreaterThan(accountReads),
    );
    const answers = calls.filter((call) => call.path === `/api/placement-tests/${TEST_ID}/answers`);
    expect(answers.map((call) => call.body)).toEqual([
      { questionId: QUESTIONS[0], choice: 1 },
      { questionId: QUESTIONS[1], choice: 0 },
    ]);
  });

  it("resumes a test in progress", async () => {
    placementServer({ latest: { result: null, inProgress: { id: TEST_ID, answered: 4 } } });
    renderStudentArea("/student/teste-de-nivel");
    expect(await screen.findByText("Você já respondeu 4 de 20 questões. Continue de onde parou.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Continuar o teste" }));
    expect(await screen.findByText("Questão 1 de 20")).toBeInTheDocument();
  });

  it("shows the last result and when the test may be taken again, with no way to start before then", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    placementServer({ latest: { result: RESULT, inProgress: null } });
    renderStudentArea("/student/teste-de-nivel");
    expect(await screen.findByRole("heading", { name: "Seu último resultado" })).toBeInTheDocument();
    expect(screen.getByText("Seu nível: Intermediário Avançado")).toBeInTheDocument();
    expect(screen.getByText("Você poderá refazer o teste a partir de 24/12/2026.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /teste/ })).not.toBeInTheDocument();
  });

  it("says why a retake was refused, with the date", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-25T12:00:00.000Z"));
    placementServer({
      latest: { result: RESULT, inProgress: null },
      start: () =>
        json(
          { status: 409, message: "placement.error.retakeTooSoon", retakeAt: "2026-12-26T15:00:00.000Z" },
          { status: 409, headers: { "X-app-error": "placement.error.retakeTooSoon" } },
        ),
    });
    renderStudentArea("/student/teste-de-nivel");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Refazer o teste" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Você fez o teste há menos de 30 dias. Poderá refazê-lo a partir de 26/12/2026.",
    );
  });

  it("keeps the question and the choice when an answer fails, to send it again", async () => {
    let failures = 1;
    const calls = placementServer({
      answer: () =>
        failures-- > 0
          ? json({ status: 503, message: "error.http.503" }, { status: 503 })
          : json({ status: "completed", id: TEST_ID, result: RESULT }),
    });
    renderStudentArea("/student/teste-de-nivel");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Começar o teste" }));
    await user.click(await screen.findByRole("radio", { name: "cheaper" }));
    await user.click(screen.getByRole("button", { name: "Responder" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "cheaper" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Responder" }));
    expect(await screen.findByText("Seu nível: Intermediário Avançado")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST" && call.path.endsWith("/answers"))).toHaveLength(2);
  });

  it("shows a loading state, and an error with a way to try again when the test cannot be read", async () => {
    let fail = true;
    placementServer();
    const handlers = vi.mocked(fetch);
    const original = handlers.getMockImplementation();
    handlers.mockImplementation(async (input, init) => {
      if (String(input).includes("/api/placement-tests/latest") && fail) {
        fail = false;
        return json({ status: 500, message: "error.http.500" }, { status: 500 });
      }
      return original ? original(input, init) : json({}, { status: 404 });
    });
    renderStudentArea("/student/teste-de-nivel");
    expect(await screen.findByRole("button", { name: "Tentar novamente" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("button", { name: "Começar o teste" })).toBeInTheDocument();
  });

  it("is in English when English is chosen, the questions always in English", async () => {
    placementServer();
    renderStudentArea("/student/teste-de-nivel");
    await i18n.changeLanguage("en");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Start the test" }));
    expect(await screen.findByText("Question 1 of 20")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Answer" })).toBeDisabled();
  });
});
