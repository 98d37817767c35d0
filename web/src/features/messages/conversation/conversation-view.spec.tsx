import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { deferred, type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { ANA, messagePush, messageView, PAUL, withPaul } from "../messages-fixtures";
import { ConversationView } from "./conversation-view";

type Handler = (request: FakeRequest) => Response | Promise<Response>;

const HISTORY = [
  messageView(101, PAUL, "Olá <b>Ana</b>, o material está em https://example.com/aula?n=1 ok?"),
  messageView(102, ANA, "Obrigada!", { deliveredAt: "2026-12-01T13:03:00.000Z", readAt: "2026-12-01T13:04:00.000Z" }),
  messageView(103, ANA, "Até terça.", { deliveredAt: "2026-12-01T13:05:00.000Z" }),
  messageView(104, ANA, "Levo o livro?"),
];

const server = (answers: { messages?: Handler; send?: Handler; read?: Handler } = {}) =>
  fakeApi({
    "GET /api/conversations/31/messages": answers.messages ?? (() => json({ messages: HISTORY, hasOlder: false })),
    "POST /api/conversations/31/messages":
      answers.send ??
      (({ body }) =>
        json(
          { id: 105, from: ANA, text: (body as { text: string }).text, sentAt: "2026-12-01T13:10:00.000Z" },
          { status: 201 },
        )),
    "POST /api/conversations/31/read": answers.read ?? (() => json({ unread: 0 })),
  });

const renderView = () => {
  const live = createManualFeed();
  render(
    <LiveFeedProvider feed={live.feed}>
      <ConversationView conversationId={31} me={ANA} peer={withPaul().with} />
    </LiveFeedProvider>,
  );
  return live;
};

const log = () => screen.getByRole("log", { name: "Histórico da conversa" });
const items = () =>
  within(log())
    .queryAllByRole("listitem")
    .map((item) => item.textContent);
const draft = () => screen.getByRole("textbox", { name: "Mensagem" });
const reads = (calls: FakeRequest[]) => calls.filter((call) => call.path.endsWith("/read")).map((call) => call.body);

signInStudentForEachTest();

describe("a conversation", () => {
  it("says it is loading, then shows the history with who wrote, when, and the marks of her own messages", async () => {
    const answer = deferred();
    server({ messages: () => answer.promise });
    renderView();
    expect(screen.getByRole("status")).toHaveTextContent("Carregando...");
    answer.release(json({ messages: HISTORY, hasOlder: false }));
    await screen.findByRole("log");
    expect(screen.getByRole("heading", { name: "Conversa com Paul Smith" })).toBeInTheDocument();
    expect(items()).toEqual([
      "Paul Smith · 01/12/26 às 10:41Olá <b>Ana</b>, o material está em https://example.com/aula?n=1 ok?",
      "Você · 01/12/26 às 10:42Obrigada!Lida",
      "Você · 01/12/26 às 10:43Até terça.Entregue",
      "Você · 01/12/26 às 10:44Levo o livro?Enviada",
    ]);
  });

  it("makes links clickable and shows markup as the characters typed", async () => {
    server();
    renderView();
    const link = await within(await screen.findByRole("log")).findByRole("link", {
      name: "https://example.com/aula?n=1",
    });
    expect(link).toHaveAttribute("href", "https://example.com/aula?n=1");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    expect(log().querySelector("b")).toBeNull();
  });

  it("marks the other party's messages read once shown", async () => {
    const calls = server();
    renderView();
    await screen.findByRole("log");
    await waitFor(() => expect(reads(calls)).toEqual([{ upTo: 101 }]));
  });

  it("says so when the history cannot be loaded, and loads it again on request", async () => {
    let calls = 0;
    server({
      messages: () => {
        calls += 1;
        return calls === 1
          ? json({ message: "error.unexpected" }, { status: 500 })
          : json({ messages: HISTORY, hasOlder: false });
      },
    });
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("Obrigada!")).toBeInTheDocument();
  });

  it("loads the older messages above on 'Carregar anteriores'", async () => {
    const calls = server({
      messages: ({ query }) =>
        query.get("before") === "101"
          ? json({ messages: [messageView(90, PAUL, "Bem-vinda!")], hasOlder: false })
          : json({ messages: HISTORY, hasOlder: true }),
    });
    renderView();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Carregar anteriores" }));
    expect(await within(log()).findByText("Bem-vinda!")).toBeInTheDocument();
    expect(items()[0]).toContain("Bem-vinda!");
    expect(screen.queryByRole("button", { name: "Carregar anteriores" })).not.toBeInTheDocument();
    expect(calls.find((call) => call.query.get("before"))?.query.get("size")).toBe("30");
  });
});

describe("the composer", () => {
  it("sends on Enter, starts a new line on Shift+Enter, and empties once sent", async () => {
    const calls = server();
    renderView();
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Mensagem" }), "Sim{Shift>}{Enter}{/Shift}Ok");
    expect(draft()).toHaveValue("Sim\nOk");
    expect(screen.getByText("6/2000")).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(await within(log()).findByText(/Sim\s+Ok/)).toBeInTheDocument();
    expect(draft()).toHaveValue("");
    expect(calls.find((call) => call.method === "POST" && call.path.endsWith("/messages"))?.body).toEqual({
      text: "Sim\nOk",
    });
    expect(items().at(-1)).toMatch(/Enviada$/);
  });

  it("counts up to 2,000 characters and sends nothing longer", async () => {
    const calls = server();
    renderView();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("textbox", { name: "Mensagem" }));
    await user.paste("a".repeat(2001));
    expect(screen.getByText("2001/2000: a mensagem pode ter até 2000 caracteres.")).toBeInTheDocument();
    expect(draft()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(calls.some((call) => call.method === "POST" && call.path.endsWith("/messages"))).toBe(false);
  });

  it("says the sender writes too fast on a 429, and keeps the text", async () => {
    server({ send: () => json({ message: "error.http.429" }, { status: 429 }) });
    renderView();
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Mensagem" }), "Oi{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Você está enviando mensagens rápido demais. Espere alguns segundos e tente de novo.",
    );
    expect(draft()).toHaveValue("Oi");
  });
});

describe("live", () => {
  it("appends the other party's new message and marks it read", async () => {
    const calls = server();
    const live = renderView();
    await waitFor(() => expect(reads(calls)).toEqual([{ upTo: 101 }]));
    act(() => live.push("message:new", messagePush(31, 110, PAUL, "Pode trazer, sim.")));
    expect(await within(log()).findByText("Pode trazer, sim.")).toBeInTheDocument();
    await waitFor(() => expect(reads(calls)).toEqual([{ upTo: 101 }, { upTo: 110 }]));
    act(() => live.push("message:new", messagePush(32, 111, 6, "Outra conversa")));
    expect(within(log()).queryByText("Outra conversa")).not.toBeInTheDocument();
  });

  it("turns 'Enviada' into 'Entregue' when the other party's app fetched her messages, without a reload", async () => {
    const calls = server();
    const live = renderView();
    await screen.findByRole("log");
    await waitFor(() => expect(live.listenerCount("message:delivered")).toBe(1));
    act(() => live.push("message:delivered", { conversationId: 32, upTo: 104, to: PAUL }));
    act(() => live.push("message:delivered", { conversationId: 31, upTo: 104, to: ANA }));
    expect(items()[3]).toMatch(/Enviada$/);

    act(() => live.push("message:delivered", { conversationId: 31, upTo: 104, to: PAUL }));
    await waitFor(() => expect(items()[3]).toMatch(/Entregue$/));
    // The read and the delivered marks already shown stay as they were.
    expect(items().map((text) => text?.match(/(Lida|Entregue|Enviada)$/)?.[1])).toEqual([
      undefined,
      "Lida",
      "Entregue",
      "Entregue",
    ]);
    expect(calls.filter((call) => call.method === "GET")).toHaveLength(1);
  });

  it("shows 'Lida' when the other party reads, and her own message from another tab once", async () => {
    server();
    const live = renderView();
    await screen.findByRole("log");
    act(() => live.push("message:read", { conversationId: 31, upTo: 104, by: PAUL }));
    await waitFor(() => expect(items().filter((text) => text?.endsWith("Lida"))).toHaveLength(3));
    act(() => live.push("message:new", messagePush(31, 112, ANA, "Escrito no celular")));
    act(() => live.push("message:new", messagePush(31, 112, ANA, "Escrito no celular")));
    expect(await within(log()).findAllByText("Escrito no celular")).toHaveLength(1);
  });
});
