import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { optionNames } from "../../../test/options";
import { renderTeacherArea, TEACHER } from "../../../test/render-area";
import { signInTeacherForEachTest } from "../../../test/sign-in";

/**
 * A month as `api/lessons/teacher/{login}` answers it, R$ 25 a lesson: its lessons paid, given and not
 * paid yet, and still to come.
 */
const month = (year: number, number: number, [paidLessons, owedLessons, upcomingLessons]: [number, number, number]) => {
  const totalLessons = paidLessons + owedLessons + upcomingLessons;
  return {
    year,
    month: number,
    totalLessons,
    value: totalLessons * 25,
    valueCents: totalLessons * 2500,
    paidLessons,
    owedLessons,
    upcomingLessons,
    status: owedLessons > 0 ? "pending" : upcomingLessons > 0 ? "scheduled" : "paid",
  };
};

const MONTHS = [
  month(2026, 6, [1, 0, 2]),
  month(2026, 5, [0, 1, 0]),
  month(2026, 4, [51, 0, 0]),
  month(2026, 3, [1, 2, 0]),
  month(2025, 11, [2, 0, 0]),
  month(2023, 8, [4, 0, 0]),
];

const server = (answer: () => Response) =>
  fakeApi({
    "GET /api/account": () => json(TEACHER),
    "GET /api/lessons/teacher/paul%40example.com": answer,
  });

const renderFinance = () => renderTeacherArea("/teacher/financeiro");

/** Each card's lines as the teacher reads them: month and year, lessons, value, which are which, situation. */
const cards = () =>
  screen
    .getAllByRole("article")
    .map((card) => [...card.children].map((line) => line.textContent?.replace(/\s+/g, " ")));
const titles = () => cards().map(([title]) => title);

signInTeacherForEachTest();
beforeEach(() => {
  // Only the clock is faked: the year shown first is the current one.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-15T12:00:00-03:00"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the teacher's Financeiro screen", () => {
  it("shows one card per month of the current year: month, year, lessons, value in reais, which are which and situation", async () => {
    server(() => json(MONTHS));
    renderFinance();
    await screen.findByLabelText("Ano");

    expect(cards()).toEqual([
      ["Junho 2026", "3 aulas", "R$ 75,00", "1 aula paga2 aulas agendadas", "Agendada"],
      ["Maio 2026", "1 aula", "R$ 25,00", "1 aula dada a receber", "A receber"],
      ["Abril 2026", "51 aulas", "R$ 1.275,00", "51 aulas pagas", "Pago"],
      ["Março 2026", "3 aulas", "R$ 75,00", "1 aula paga2 aulas dadas a receber", "A receber"],
    ]);
  });

  it("offers the current and the previous year, and every year with lessons, newest first", async () => {
    server(() => json(MONTHS));
    renderFinance();
    const year = await screen.findByLabelText("Ano");
    expect(year).toHaveDisplayValue("2026");
    expect(optionNames(year)).toEqual(["2026", "2025", "2023"]);

    await userEvent.setup().selectOptions(year, "2025");
    expect(cards()).toEqual([["Novembro 2025", "2 aulas", "R$ 50,00", "2 aulas pagas", "Pago"]]);
  });

  it("shows only the paid, only the to-be-paid or only the scheduled months", async () => {
    server(() => json(MONTHS));
    renderFinance();
    const status = await screen.findByLabelText("Situação");
    expect(optionNames(status)).toEqual(["Todos", "Pago", "A receber", "Agendada"]);

    const user = userEvent.setup();
    await user.selectOptions(status, "Pago");
    expect(titles()).toEqual(["Abril 2026"]);

    await user.selectOptions(status, "A receber");
    expect(titles()).toEqual(["Maio 2026", "Março 2026"]);

    await user.selectOptions(status, "Agendada");
    expect(titles()).toEqual(["Junho 2026"]);

    await user.selectOptions(screen.getByLabelText("Ano"), "2023");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Nenhum lançamento neste período.");
  });

  it("turns a month to Pago without a reload when an administrator pays it, and back when the payment is undone", async () => {
    let answer = MONTHS;
    server(() => json(answer));
    const live = renderFinance();
    await screen.findByLabelText("Ano");
    expect(cards()[1]).toEqual(["Maio 2026", "1 aula", "R$ 25,00", "1 aula dada a receber", "A receber"]);

    answer = [MONTHS[0], month(2026, 5, [1, 0, 0]), ...MONTHS.slice(2)] as typeof MONTHS;
    live.push("payment:changed", { lessonId: 41, paid: true });
    await waitFor(() => expect(cards()[1]).toEqual(["Maio 2026", "1 aula", "R$ 25,00", "1 aula paga", "Pago"]));

    answer = MONTHS;
    live.push("payment:changed", { lessonId: 41, paid: false });
    await waitFor(() => expect(cards()[1]?.[4]).toBe("A receber"));
  });

  it("reads the months again when the connection comes back, since a payment may have been missed", async () => {
    let answer = MONTHS;
    const calls = server(() => json(answer));
    const live = renderFinance();
    await screen.findByLabelText("Ano");
    answer = [MONTHS[0], month(2026, 5, [1, 0, 0]), ...MONTHS.slice(2)] as typeof MONTHS;
    live.reconnect();
    await waitFor(() => expect(cards()[1]?.[4]).toBe("Pago"));
    expect(calls.filter((call) => call.path.startsWith("/api/lessons/teacher/"))).toHaveLength(2);
  });

  it("says there is nothing yet for a teacher without lessons", async () => {
    server(() => json([]));
    renderFinance();
    expect(await screen.findByText("Nenhum lançamento neste período.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("says so when the months cannot be loaded", async () => {
    server(() => json({ message: "error.unexpected" }, { status: 500 }));
    renderFinance();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    expect(screen.queryByLabelText("Ano")).not.toBeInTheDocument();
  });
});
