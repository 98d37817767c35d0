import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SessionProvider, useSession } from "../../../lib/session/session-provider";
import { LiveFeedProvider } from "../../../lib/socket";
import { adminAccount, studentAccount } from "../../../test/fake-accounts";
import { fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { ANA, messagePush, PAUL } from "../messages-fixtures";
import { messagesTab } from "./messages-tab";
import { UnreadMessagesLink } from "./unread-messages-link";

/** Who is signed in, once the session knows. */
const SessionState = () => <output>{useSession().account?.login}</output>;

const renderLink = (account = studentAccount) => {
  let unread = 3;
  fakeApi({ "GET /api/account": account, "GET /api/conversations/unread": () => json({ unread }) });
  const live = createManualFeed();
  render(
    <MemoryRouter>
      <SessionProvider>
        <LiveFeedProvider feed={live.feed}>
          <UnreadMessagesLink />
          <SessionState />
        </LiveFeedProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
  return {
    live,
    setUnread: (total: number) => {
      unread = total;
    },
  };
};

signInStudentForEachTest();

describe("the header's messages link", () => {
  it("shows the unread count, and one more with each message of the other party", async () => {
    const { live } = renderLink();
    const link = await screen.findByRole("link", { name: "Mensagens, 3 não lidas" });
    expect(link).toHaveAttribute("href", "/mensagens");
    act(() => live.push("message:new", messagePush(31, 130, PAUL, "Oi")));
    expect(await screen.findByRole("link", { name: "Mensagens, 4 não lidas" })).toBeInTheDocument();
    act(() => live.push("message:new", messagePush(31, 131, ANA, "Escrito por ela")));
    expect(screen.getByRole("link", { name: "Mensagens, 4 não lidas" })).toBeInTheDocument();
  });

  it("counts nothing for the conversation on screen, and reads the count again after a read in another tab", async () => {
    const { live, setUnread } = renderLink();
    await screen.findByRole("link", { name: "Mensagens, 3 não lidas" });
    messagesTab.setOpen(31);
    act(() => live.push("message:new", messagePush(31, 132, PAUL, "Oi")));
    messagesTab.setOpen(null);
    expect(screen.getByRole("link", { name: "Mensagens, 3 não lidas" })).toBeInTheDocument();
    setUnread(0);
    act(() => live.push("message:read", { conversationId: 31, upTo: 132, by: ANA }));
    expect(await screen.findByRole("link", { name: "Mensagens" })).toBeInTheDocument();
  });

  it("offline, shows the count last fetched since signing in", async () => {
    renderLink();
    await screen.findByRole("link", { name: "Mensagens, 3 não lidas" });
    cleanup();
    messagesTab.setUnread(0);
    fakeApi({
      "GET /api/account": studentAccount,
      "GET /api/conversations/unread": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    render(
      <MemoryRouter>
        <SessionProvider>
          <LiveFeedProvider feed={createManualFeed().feed}>
            <UnreadMessagesLink />
          </LiveFeedProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("link", { name: "Mensagens, 3 não lidas" })).toBeInTheDocument();
  });

  it("is not shown to an administrator", async () => {
    renderLink(adminAccount);
    await screen.findByText("admin@example.com");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
