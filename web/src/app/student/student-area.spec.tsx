import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../lib/socket";
import { fakeApi, json } from "../../test/fake-api";
import { createManualFeed } from "../../test/manual-feed";
import { renderRoutes } from "../../test/render";
import { renderStudentArea, student, studentArea } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";
import { inHours } from "../../test/time";
import { trailView } from "../../test/trails";

/** A pending lesson as `api/lessons/authenticatedUser` lists it. */
const pendingLesson = (date: Date) => ({
  id: 1001,
  startsAt: date.toISOString(),
  objective: "TRAVEL",
  trailObj: { id: 21, number: 1, title: "Small talk at work", level: 2 },
  level: { id: 2, name: "Intermediário" },
  status: "Pendente",
  meetUrl: null,
  teacher: null,
  student: "Ana Souza",
  studentFeedbackId: null,
  teacherFeedbackId: null,
});

/** The same lesson once Paul Smith claimed it. */
const acceptedLesson = (date: Date) => ({
  ...pendingLesson(date),
  status: "Aceito",
  meetUrl: "https://meet.jit.si/el-1001-x",
  teacher: { id: 7, name: "Paul Smith" },
});

/** The server's side; a test changes `options` to change what the next requests answer. */
const server = (options: { balance: number; upcoming?: unknown[]; accountAnswer?: Promise<void> }) =>
  fakeApi({
    "GET /api/account": async () => {
      const balance = options.balance;
      await options.accountAnswer;
      return json(student({ balance }));
    },
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "GET /api/trails": () =>
      json([trailView({ id: 21, number: 1, title: "Small talk at work", level: { id: 2, name: "Intermediário" } })]),
    "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
    "GET /api/lessons/authenticatedUser": ({ query }) => {
      const content = query.get("period") === "upcoming" ? (options.upcoming ?? []) : [];
      return json({ content, totalElements: content.length });
    },
  });

const renderArea = () => renderStudentArea("/student");

signInStudentForEachTest();

describe("the student area", () => {
  it("shows the balance as 'aula' up to one and 'aulas' above, updated live when it changes", async () => {
    server({ balance: 1 });
    const live = renderArea();
    const balance = await screen.findByTestId("student-balance");
    expect(balance).toHaveTextContent("Saldo: 1 aula");
    expect(await screen.findByTestId("student-level")).toHaveTextContent("Nível: Intermediário");

    act(() => live.push("balance:changed", { balance: 2 }));
    expect(balance).toHaveTextContent("Saldo: 2 aulas");

    act(() => live.push("balance:changed", { balance: 0 }));
    expect(balance).toHaveTextContent("Saldo: 0 aula");
    expect(await screen.findByText(/Seus créditos acabaram!/)).toBeInTheDocument();
  });

  it("tells the student when there are no lessons today or ahead", async () => {
    server({ balance: 3 });
    renderArea();
    expect(await screen.findByText("Não há aulas marcadas para hoje!")).toBeInTheDocument();
    expect(screen.getAllByText("Não há aulas marcadas!")).toHaveLength(2);
  });

  it("turns a lesson from Pendente to Aceito, with the teacher and the video link, when a teacher claims it", async () => {
    const date = inHours(48);
    server({ balance: 3, upcoming: [pendingLesson(date)] });
    const live = renderArea();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    const row = await within(upcoming).findByRole("row", { name: /Small talk at work/ });
    expect(within(row).getByText("Pendente", { selector: ".lesson-status" })).toBeInTheDocument();
    // Each row's machine starts, and listens, in an effect React runs after the commit that showed the row.
    await waitFor(() => expect(live.listenerCount("lesson:accepted")).toBe(1));

    act(() =>
      live.push("lesson:accepted", {
        lessonId: 1001,
        date: date.toISOString(),
        teacher: { id: 7, name: "Paul Smith" },
        meetUrl: "https://meet.jit.si/el-1001-x",
      }),
    );

    expect(within(row).getByText("Aceito")).toBeInTheDocument();
    expect(within(row).getByText("Paul Smith")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Entrar na aula" })).toHaveAttribute(
      "href",
      "https://meet.jit.si/el-1001-x",
    );
  });

  it("turns a lesson back to Pendente, without the teacher nor the video link, when an administrator takes its teacher away", async () => {
    const date = inHours(48);
    server({ balance: 3, upcoming: [acceptedLesson(date)] });
    const live = renderArea();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    const row = await within(upcoming).findByRole("row", { name: /Paul Smith/ });
    expect(within(row).getByRole("link", { name: "Entrar na aula" })).toBeInTheDocument();
    await waitFor(() => expect(live.listenerCount("lesson:unassigned")).toBe(1));

    act(() => live.push("lesson:unassigned", { lessonId: 1001 }));

    expect(within(row).getByText("Pendente", { selector: ".lesson-status" })).toBeInTheDocument();
    expect(within(row).queryByText("Paul Smith")).not.toBeInTheDocument();
    expect(within(row).queryByRole("link", { name: "Entrar na aula" })).not.toBeInTheDocument();
  });

  it("after a connection that came back without the missed pushes, shows a lesson accepted meanwhile as Aceito", async () => {
    const date = inHours(48);
    const state: { balance: number; upcoming: unknown[] } = { balance: 3, upcoming: [pendingLesson(date)] };
    server(state);
    const live = renderArea();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    await within(upcoming).findByText("Pendente", { selector: ".lesson-status" });

    // Paul claimed the lesson while the connection was down: its lesson:accepted push never arrived.
    state.upcoming = [acceptedLesson(date)];
    act(() => live.reconnect());

    const row = await within(upcoming).findByRole("row", { name: /Paul Smith/ });
    expect(within(row).getByText("Aceito")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Entrar na aula" })).toHaveAttribute(
      "href",
      "https://meet.jit.si/el-1001-x",
    );
  });

  it("after a connection that came back without the missed pushes, shows the balance as it is now", async () => {
    const state = { balance: 1 };
    server(state);
    const live = renderArea();
    const balance = await screen.findByTestId("student-balance");
    expect(balance).toHaveTextContent("Saldo: 1 aula");

    // Support granted two credits while the connection was down.
    state.balance = 3;
    act(() => live.reconnect());

    await waitFor(() => expect(balance).toHaveTextContent("Saldo: 3 aulas"));
  });

  it("keeps a balance pushed while the account reloads after a reconnection, the push being newer", async () => {
    let answerAccount = () => {};
    const state: Parameters<typeof server>[0] = { balance: 1 };
    server(state);
    const live = renderArea();
    const balance = await screen.findByTestId("student-balance");

    // Support granted two credits while the connection was down, so the reload reads 3; a lesson scheduled
    // in another tab then spends one, and its push lands before the reload's answer.
    state.accountAnswer = new Promise((resolve) => {
      answerAccount = resolve;
    });
    state.balance = 3;
    act(() => live.reconnect());
    act(() => live.push("balance:changed", { balance: 2 }));
    await act(async () => answerAccount());

    expect(balance).toHaveTextContent("Saldo: 2 aulas");
  });

  it("shows the balance as it is now when the student comes back from a page outside the area", async () => {
    const state = { balance: 1 };
    server(state);
    const live = createManualFeed();
    renderRoutes(
      [
        {
          element: (
            <LiveFeedProvider feed={live.feed}>
              <Outlet />
            </LiveFeedProvider>
          ),
          children: [...studentArea, { path: "bank", element: <Link to="/student">Voltar</Link> }],
        },
      ],
      "/bank",
    );
    // The bank confirmed a debit of 5 lessons while the student was on its page.
    await screen.findByRole("link", { name: "Voltar" });
    state.balance = 6;
    await userEvent.click(screen.getByRole("link", { name: "Voltar" }));
    const balance = await screen.findByTestId("student-balance");
    await waitFor(() => expect(balance).toHaveTextContent("Saldo: 6 aulas"));
  });

  it("shows the free trial lesson beside the balance, as such, until it is spent", async () => {
    fakeApi({
      "GET /api/account": () => json({ ...student({ balance: 0 }), trialCredits: 1 }),
      "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
      "GET /api/trails": () => json([]),
      "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
      "GET /api/lessons/authenticatedUser": () => json({ content: [], totalElements: 0 }),
    });
    const live = renderArea();
    const trial = await screen.findByTestId("student-trial");
    expect(trial).toHaveTextContent("1 aula experimental");
    expect(screen.getByTestId("student-balance")).toHaveTextContent("Saldo: 0 aula");

    // Buying a pack leaves the trial lesson; scheduling the trial lesson spends it.
    act(() => live.push("balance:changed", { balance: 4 }));
    expect(screen.getByTestId("student-balance")).toHaveTextContent("Saldo: 4 aulas");
    expect(trial).toHaveTextContent("1 aula experimental");
    act(() => live.push("balance:changed", { balance: 4, trialCredits: 0 }));
    expect(screen.queryByTestId("student-trial")).not.toBeInTheDocument();
  });
});
