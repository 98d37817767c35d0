import type { BoardCard, BoardView } from "@el/domain/lessons/board-view";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { renderLiveAdminArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { WAITING_ALERT_KEY } from "./board-page";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const card = (id: number, fields: Partial<BoardCard> = {}): BoardCard => ({
  id,
  date: at(3 * HOUR),
  status: "pending",
  student: { id: 5, name: "Ana Souza" },
  level: { id: 1, name: "Básico" },
  trail: { id: 3, number: 2, title: "At the airport" },
  teacher: null,
  waitingSince: at(-10 * MINUTE - 20_000),
  acceptedAt: null,
  cancelledAt: null,
  studentFeedbackGiven: false,
  teacherFeedbackGiven: false,
  paid: false,
  ...fields,
});

const bruno = { id: 9, name: "Bruno Lima" };

const boardOf = (cards: BoardCard[]): BoardView => ({
  now: new Date().toISOString(),
  from: at(-24 * HOUR),
  to: at(48 * HOUR),
  columns: {
    waiting: cards.filter((c) => c.status === "pending"),
    accepted: cards.filter((c) => c.status === "accepted"),
    inProgress: [],
    awaitingFeedback: [],
    done: [],
    cancelled: cards.filter((c) => c.status === "cancelled"),
  },
  counters: { waiting: 0, accepted: 0, inProgress: 0, awaitingFeedback: 0, done: 0, cancelled: 0 },
});

const server = (board: () => Response | Promise<Response>, extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({ "GET /api/account": adminAccount, "GET /api/board": board, ...extra });

const column = (name: string) => screen.getByRole("region", { name });
const cardsIn = (name: string) =>
  within(column(name))
    .queryAllByRole("listitem")
    .map((item) => item.getAttribute("data-lesson-id"));

signInAdministratorForEachTest();
afterEach(() => localStorage.removeItem(WAITING_ALERT_KEY));

describe("the live lesson board", () => {
  it("shows the lessons in columns by state, with counters, cards and how long a lesson has waited", async () => {
    server(() =>
      json(
        boardOf([
          card(1),
          card(2, { status: "accepted", teacher: bruno, student: { id: 6, name: "Carla Dias" } }),
          card(3, { date: at(-20 * MINUTE), status: "accepted", teacher: bruno }),
          card(4, { date: at(-3 * HOUR), status: "accepted", teacher: bruno, teacherFeedbackGiven: true }),
          card(5, { status: "cancelled" }),
        ]),
      ),
    );
    renderLiveAdminArea("/gerencia/quadro");
    expect(await screen.findByRole("heading", { name: "Quadro de aulas", level: 2 })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Gerência" });
    expect(within(menu).getByRole("link", { name: "Quadro de aulas" })).toHaveAttribute("href", "/gerencia/quadro");
    await screen.findByRole("region", { name: "Aguardando professor" });
    expect(cardsIn("Aguardando professor")).toEqual(["1"]);
    expect(cardsIn("Aceitas")).toEqual(["2"]);
    // The page's own clock puts a lesson that started 20 minutes ago in progress.
    expect(cardsIn("Em andamento")).toEqual(["3"]);
    expect(cardsIn("Concluídas")).toEqual(["4"]);
    expect(cardsIn("Canceladas")).toEqual(["5"]);
    expect(within(column("Realizadas, aguardando feedback")).getByText("Nenhuma aula")).toBeInTheDocument();
    const counters = screen.getByRole("list", { name: "Totais do quadro" });
    expect(
      within(counters)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "1 Aguardando professor",
      "1 Aceitas",
      "1 Em andamento",
      "0 Realizadas, aguardando feedback",
      "1 Concluídas",
      "1 Canceladas",
    ]);
    const accepted = screen.getByRole("listitem", { name: "Aula 2 de Carla Dias" });
    expect(accepted).toHaveTextContent("Básico · 2 - At the airport");
    expect(accepted).toHaveTextContent("Professor: Bruno Lima");
    const waiting = screen.getByRole("listitem", { name: "Aula 1 de Ana Souza" });
    expect(waiting).toHaveTextContent("Professor: Sem professor");
    expect(waiting).toHaveTextContent("Aguardando há 10 min");
    expect(waiting).not.toHaveClass("board-card-late");
  });

  it("highlights a lesson waiting longer than the minutes chosen on the page, and keeps the choice", async () => {
    const user = userEvent.setup();
    server(() => json(boardOf([card(1, { waitingSince: at(-45 * MINUTE - 20_000) }), card(2)])));
    renderLiveAdminArea("/gerencia/quadro");
    const late = await screen.findByRole("listitem", { name: "Aula 1 de Ana Souza" });
    expect(late).toHaveClass("board-card-late");
    expect(late).toHaveTextContent("Aguardando há 45 min · Atrasada");
    expect(screen.getByRole("listitem", { name: "Aula 2 de Ana Souza" })).not.toHaveClass("board-card-late");
    const minutes = screen.getByLabelText("Destacar aulas sem professor há mais de (minutos)");
    await user.clear(minutes);
    await user.type(minutes, "5");
    expect(screen.getByRole("listitem", { name: "Aula 2 de Ana Souza" })).toHaveClass("board-card-late");
    expect(localStorage.getItem(WAITING_ALERT_KEY)).toBe("5");
  });

  it("moves a card live when board:changed arrives, without loading the board again", async () => {
    const calls = server(() => json(boardOf([card(1)])));
    const live = renderLiveAdminArea("/gerencia/quadro");
    await screen.findByRole("listitem", { name: "Aula 1 de Ana Souza" });
    act(() => live.push("board:changed", { lessonId: 1, card: card(1, { status: "accepted", teacher: bruno }) }));
    act(() => live.push("board:changed", { lessonId: 7, card: card(7, { student: { id: 8, name: "Davi Reis" } }) }));
    expect(cardsIn("Aceitas")).toEqual(["1"]);
    expect(cardsIn("Aguardando professor")).toEqual(["7"]);
    act(() => live.push("board:changed", { lessonId: 7, card: card(7, { status: "cancelled" }) }));
    expect(cardsIn("Canceladas")).toEqual(["7"]);
    expect(calls.filter((call) => call.path === "/api/board")).toHaveLength(1);
  });

  it("says Carregando... while loading and shows an error it can retry", async () => {
    const user = userEvent.setup();
    const first = deferred();
    let answers = 0;
    server(() => (++answers === 1 ? first.promise : json(boardOf([card(1)]))));
    renderLiveAdminArea("/gerencia/quadro");
    await screen.findByRole("heading", { name: "Quadro de aulas", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    first.release(json({ message: "Falha ao ler o quadro" }, { status: 500 }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler o quadro");
    await user.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("listitem", { name: "Aula 1 de Ana Souza" })).toBeInTheDocument();
  });

  it("loads the days chosen", async () => {
    const user = userEvent.setup();
    const calls = server(() => json(boardOf([])));
    renderLiveAdminArea("/gerencia/quadro");
    await screen.findByRole("list", { name: "Totais do quadro" });
    await user.selectOptions(screen.getByLabelText("Dias"), "7 dias a partir de hoje");
    await screen.findByRole("list", { name: "Totais do quadro" });
    expect(calls.filter((call) => call.path === "/api/board").map((call) => call.query.get("days"))).toEqual([
      "3",
      "7",
    ]);
  });

  it("assigns a teacher from a waiting card with PUT api/lessons/{id}, then the push moves the card", async () => {
    const user = userEvent.setup();
    const calls = server(() => json(boardOf([card(1)])), {
      "GET /api/users/teacher": () =>
        json([
          { id: 9, login: "bruno@example.com", firstName: "Bruno", lastName: "Lima", activated: true },
          { id: 10, login: "old@example.com", firstName: "Olga", lastName: null, activated: false },
        ]),
      "PUT /api/lessons/1": () => json({ id: 1 }),
    });
    const live = renderLiveAdminArea("/gerencia/quadro");
    const waiting = await screen.findByRole("listitem", { name: "Aula 1 de Ana Souza" });
    await user.click(within(waiting).getByRole("button", { name: "Atribuir professor" }));
    const select = await within(waiting).findByLabelText("Professor");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Escolha o professor", "Bruno Lima"]);
    expect(within(waiting).getByRole("button", { name: "Confirmar" })).toBeDisabled();
    await user.selectOptions(select, "Bruno Lima");
    await user.click(within(waiting).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Professor atribuído à aula de Ana Souza.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/lessons/1",
      body: { teacher: { id: 9 } },
    });
    act(() => live.push("board:changed", { lessonId: 1, card: card(1, { status: "accepted", teacher: bruno }) }));
    expect(cardsIn("Aceitas")).toEqual(["1"]);
    expect(cardsIn("Aguardando professor")).toEqual([]);
  });

  it("shows why an assignment was refused and leaves the card waiting", async () => {
    const user = userEvent.setup();
    server(() => json(boardOf([card(1)])), {
      "GET /api/users/teacher": () =>
        json([{ id: 9, login: "bruno@example.com", firstName: "Bruno", lastName: "Lima", activated: true }]),
      "PUT /api/lessons/1": () => json({ message: "O professor já tem uma aula neste horário" }, { status: 400 }),
    });
    renderLiveAdminArea("/gerencia/quadro");
    const waiting = await screen.findByRole("listitem", { name: "Aula 1 de Ana Souza" });
    await user.click(within(waiting).getByRole("button", { name: "Atribuir professor" }));
    await user.selectOptions(await within(waiting).findByLabelText("Professor"), "Bruno Lima");
    await user.click(within(waiting).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("O professor já tem uma aula neste horário");
    expect(cardsIn("Aguardando professor")).toEqual(["1"]);
  });
});
