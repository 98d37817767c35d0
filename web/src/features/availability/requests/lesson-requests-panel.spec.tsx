import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { LiveFeedProvider } from "../../../lib/socket";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { signInTeacherForEachTest } from "../../../test/sign-in";
import { BookedLessonToasts } from "./booked-lesson-toasts";
import { requestedPush, requestView } from "./lesson-requests-fixtures";
import { LessonRequestsPanel } from "./lesson-requests-panel";

/** Thursday 10 December 2026, 18:00 in São Paulo; to be answered by Tuesday 1 December, 21:00. */
const ANA = requestView(1001, "2026-12-10T21:00:00.000Z", "2026-12-02T00:00:00.000Z");
const DECLINED = requestView(1003, "2026-12-08T21:00:00.000Z", "2026-12-01T06:00:00.000Z", "DECLINED");

type Handler = Parameters<typeof fakeApi>[0][string];

const server = (answers: { list?: Handler; accept?: Handler; decline?: Handler } = {}) =>
  fakeApi({
    "GET /api/lesson-requests": answers.list ?? (() => json([ANA, DECLINED])),
    "POST /api/lesson-requests/1001/accept": answers.accept ?? (() => json({})),
    "POST /api/lesson-requests/1001/decline": answers.decline ?? (() => json({})),
  });

const renderPanel = () => {
  const live = createManualFeed();
  render(
    <LiveFeedProvider feed={live.feed}>
      <LessonRequestsPanel />
    </LiveFeedProvider>,
  );
  return live;
};

const panel = () => screen.getByRole("region", { name: "Solicitadas para você" });
const requestItems = () =>
  within(panel())
    .queryAllByRole("listitem")
    .map((item) => item.textContent);

signInTeacherForEachTest();

describe("Solicitadas para você", () => {
  it("says it is loading, then lists the open requests with student, trail, date and expiry", async () => {
    const answer = deferred();
    server({ list: () => answer.promise });
    renderPanel();
    expect(within(panel()).getByRole("status")).toHaveTextContent("Carregando...");
    answer.release(json([ANA, DECLINED]));
    const list = await within(panel()).findByRole("list", { name: "Aulas solicitadas para você" });
    const [item] = within(list).getAllByRole("listitem");
    expect(item).toHaveTextContent("10/12/26 às 18:00");
    expect(item).toHaveTextContent("1 - Small talk at work · Intermediário");
    expect(item).toHaveTextContent("Aluno: Ana Souza");
    expect(item).toHaveTextContent("Responda até 01/12/26 às 21:00");
    expect(requestItems()).toHaveLength(1);
  });

  it("says so when nothing is asked of the teacher", async () => {
    server({ list: () => json([DECLINED]) });
    renderPanel();
    expect(await within(panel()).findByText("Nenhuma aula solicitada para você no momento.")).toBeInTheDocument();
  });

  it("says so when the requests cannot be loaded, and loads them again on request", async () => {
    let calls = 0;
    server({
      list: () => {
        calls += 1;
        return calls === 1 ? json({ message: "error.unexpected" }, { status: 500 }) : json([ANA]);
      },
    });
    renderPanel();
    expect(await within(panel()).findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    await userEvent.setup().click(within(panel()).getByRole("button", { name: "Tentar novamente" }));
    expect(await within(panel()).findByText("Aluno: Ana Souza")).toBeInTheDocument();
  });

  it("shows a request live as soon as a student asks", async () => {
    server({ list: () => json([]) });
    const live = renderPanel();
    await within(panel()).findByText("Nenhuma aula solicitada para você no momento.");
    act(() =>
      live.push("lesson:requested", requestedPush(1004, "2026-12-11T21:00:00.000Z", "2026-12-02T03:00:00.000Z")),
    );
    expect(await within(panel()).findByText("Aluno: Bruno Lima")).toBeInTheDocument();
    expect(requestItems()[0]).toContain("2 - Ordering food · Básico");
  });

  it("accepts a request: it leaves the list and a notice says where the lesson is", async () => {
    const calls = server();
    renderPanel();
    await within(panel()).findByText("Aluno: Ana Souza");
    await userEvent
      .setup()
      .click(within(panel()).getByRole("button", { name: "Aceitar a aula de Ana Souza em 10/12/26 às 18:00" }));
    expect(await within(panel()).findByText(/Aula aceita!/)).toHaveTextContent(
      'Aula aceita! 1 - Small talk at work em 10/12/26 às 18:00 com Ana Souza está em "Suas aulas".',
    );
    expect(requestItems()).toEqual([]);
    const accept = calls.find((call) => call.method === "POST");
    expect(accept?.path).toBe("/api/lesson-requests/1001/accept");
    expect(accept?.headers.get("Authorization")).toBe("Bearer teacher-token");
  });

  it("declines a request", async () => {
    const calls = server();
    renderPanel();
    await within(panel()).findByText("Aluno: Ana Souza");
    await userEvent
      .setup()
      .click(within(panel()).getByRole("button", { name: "Recusar a aula de Ana Souza em 10/12/26 às 18:00" }));
    expect(await within(panel()).findByText("Solicitação recusada. O aluno foi avisado.")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/lesson-requests/1001/decline")).toBe(true);
  });

  it("says why an answer came too late and takes the request away", async () => {
    server({ accept: () => json({ message: "error.lessonRequest.expired" }, { status: 409 }) });
    renderPanel();
    await within(panel()).findByText("Aluno: Ana Souza");
    await userEvent.setup().click(within(panel()).getByRole("button", { name: /^Aceitar a aula/ }));
    expect(await within(panel()).findByRole("alert")).toHaveTextContent(
      "O prazo para responder a esta solicitação acabou.",
    );
    expect(requestItems()).toEqual([]);
  });
});

describe("the booked lesson toast", () => {
  it("tells the teacher live who booked a lesson with them and when", async () => {
    const live = createManualFeed();
    render(
      <LiveFeedProvider feed={live.feed}>
        <BookedLessonToasts />
        <ToastRegion />
      </LiveFeedProvider>,
    );
    act(() =>
      live.push("lesson:booked", {
        lesson: requestedPush(1005, "2026-12-01T21:00:00.000Z", "2026-12-01T00:00:00.000Z").lesson,
        meetUrl: "https://meet.jit.si/el-1005",
      }),
    );
    expect(await screen.findByText("Bruno Lima agendou uma aula com você em 01/12/26 às 18:00.")).toBeInTheDocument();
  });
});
