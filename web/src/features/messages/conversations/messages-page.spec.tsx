import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { studentAccount } from "../../../test/fake-accounts";
import { deferred, type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { messagePush, messageView, PAUL, withBruno, withPaul } from "../messages-fixtures";
import { messageRoutes } from "../routes";

type Handler = (request: FakeRequest) => Response | Promise<Response>;

const server = (handlers: Record<string, Handler> = {}) =>
  fakeApi({
    "GET /api/account": studentAccount,
    "GET /api/conversations": () => json([withPaul()]),
    "GET /api/conversations/31": () => json(withPaul()),
    "GET /api/conversations/31/messages": () =>
      json({ messages: [messageView(102, PAUL, "See you on Tuesday!")], hasOlder: false }),
    "POST /api/conversations/31/read": () => json({ unread: 0 }),
    ...handlers,
  });

const openMessages = (path: string) => {
  const live = createManualFeed();
  const view = renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={live.feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: messageRoutes,
      },
    ],
    path,
  );
  return { live, router: view.router };
};

const conversations = () => screen.getByRole("list", { name: "Suas conversas" });

signInStudentForEachTest();

describe("/mensagens", () => {
  it("says it is loading, then lists each conversation with the other party, the last message and the unread count", async () => {
    const answer = deferred();
    server({ "GET /api/conversations": () => answer.promise });
    openMessages("/mensagens");
    const pane = await screen.findByRole("navigation", { name: "Conversas" });
    expect(within(pane).getByRole("status")).toHaveTextContent("Carregando...");
    answer.release(
      json([withPaul(), withBruno({ with: { id: 8, name: "Carla Dias", photoUrl: "photos/8.jpg", role: "TEACHER" } })]),
    );
    const [paul, carla] = within(await screen.findByRole("list", { name: "Suas conversas" })).getAllByRole("link");
    expect(paul).toHaveAccessibleName("Conversa com Paul Smith, 2 mensagens não lidas");
    expect(paul).toHaveTextContent("See you on Tuesday!");
    expect(paul).toHaveAttribute("href", "/mensagens/31");
    expect(carla).toHaveAccessibleName("Conversa com Carla Dias");
    expect(carla).toHaveTextContent("Nenhuma mensagem ainda");
    expect(carla?.querySelector("img")).toHaveAttribute("src", "/photos/8.jpg");
    expect(screen.getByText("Escolha uma conversa para ler e responder.")).toBeInTheDocument();
  });

  it("says 'Nenhuma conversa ainda' and how one starts", async () => {
    server({ "GET /api/conversations": () => json([]) });
    openMessages("/mensagens");
    expect(await screen.findByText("Nenhuma conversa ainda")).toBeInTheDocument();
    expect(screen.getByText(/use "Enviar mensagem" na página do professor/)).toBeInTheDocument();
  });

  it("says so when the conversations cannot be loaded, and loads them again on request", async () => {
    let calls = 0;
    server({
      "GET /api/conversations": () => {
        calls += 1;
        return calls === 1 ? json({ message: "error.unexpected" }, { status: 500 }) : json([withPaul()]);
      },
    });
    openMessages("/mensagens");
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("link", { name: /Conversa com Paul Smith/ })).toBeInTheDocument();
  });

  it("opens a conversation from the list beside it, read at once", async () => {
    server();
    const { router } = openMessages("/mensagens");
    await userEvent.setup().click(await screen.findByRole("link", { name: /Conversa com Paul Smith/ }));
    expect(router.state.location.pathname).toBe("/mensagens/31");
    expect(await screen.findByRole("heading", { name: "Conversa com Paul Smith" })).toBeInTheDocument();
    expect(within(conversations()).getByRole("link", { name: "Conversa com Paul Smith" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(screen.getByRole("log")).getByText("See you on Tuesday!")).toBeInTheDocument();
  });

  it("opens a conversation by its address, with a way back to the list on a phone", async () => {
    server({ "GET /api/conversations": () => json([]) });
    openMessages("/mensagens/31");
    expect(await screen.findByRole("heading", { name: "Conversa com Paul Smith" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "← Conversas" })).toHaveAttribute("href", "/mensagens");
  });

  it("moves a conversation up with its new message and counts it unread", async () => {
    server({
      "GET /api/conversations": () => json([withBruno({ with: withPaul().with, id: 33 }), withPaul({ unread: 0 })]),
    });
    const { live } = openMessages("/mensagens");
    await screen.findByRole("list", { name: "Suas conversas" });
    act(() => live.push("message:new", messagePush(31, 120, PAUL, "Combinado?")));
    await waitFor(() =>
      expect(within(conversations()).getAllByRole("link")[0]).toHaveAccessibleName(
        "Conversa com Paul Smith, 1 mensagem não lida",
      ),
    );
    expect(within(conversations()).getAllByRole("link")[0]).toHaveTextContent("Combinado?");
  });

  it("finds or starts the conversation with the teacher of ?com= and opens it", async () => {
    const calls = server({ "POST /api/conversations": () => json({ id: 31 }, { status: 201 }) });
    const { router } = openMessages(`/mensagens?com=${PAUL}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/mensagens/31"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ teacherId: PAUL });
    expect(await screen.findByRole("heading", { name: "Conversa com Paul Smith" })).toBeInTheDocument();
  });

  it("says why a conversation cannot start when they share no lesson", async () => {
    server({
      "POST /api/conversations": () => json({ message: "error.messages.noSharedLesson" }, { status: 403 }),
    });
    openMessages("/mensagens?com=9");
    expect(await screen.findByText("Vocês ainda não têm uma aula em comum.")).toBeInTheDocument();
  });
});
