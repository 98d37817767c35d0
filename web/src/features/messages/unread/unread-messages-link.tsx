import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { hasAnyAuthority } from "../../../lib/session/account";
import { useSession } from "../../../lib/session/session-provider";
import { LiveFeedProvider, useLiveFeed } from "../../../lib/socket";
import { getUnread } from "../api/get-unread";
import { messagesTab, useUnreadTotal } from "./messages-tab";

/** "Mensagens" in the header for students and teachers, with their unread count kept live. */
export const UnreadMessagesLink = () => {
  const { account } = useSession();
  if (!account || !hasAnyAuthority(account, ["ROLE_STUDENT", "ROLE_TEACHER"])) return null;
  return (
    <LiveFeedProvider>
      <UnreadLink me={account.id} />
    </LiveFeedProvider>
  );
};

const reload = () =>
  getUnread().then(
    (total) => messagesTab.setUnread(total),
    // The link still leads to the messages; the count comes back with the next push or reconnection.
    () => undefined,
  );

const UnreadLink = ({ me }: { me: number }) => {
  const { t } = useTranslation();
  const unread = useUnreadTotal();
  const feed = useLiveFeed();
  useEffect(() => {
    void reload();
    if (!feed) return;
    const stops = [
      feed.subscribe("message:new", ({ conversationId, message }) => {
        if (message.from !== me && !messagesTab.readsAsItArrives(conversationId)) messagesTab.addUnread(1);
      }),
      // Read in another tab of the same person: the count there went down.
      feed.subscribe("message:read", ({ by }) => {
        if (by === me) void reload();
      }),
      feed.onReconnect(() => void reload()),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [feed, me]);
  const count = unread ?? 0;
  return (
    <NavLink
      to="/mensagens"
      className="app-menu-messages"
      aria-label={count > 0 ? t("messages.menu.unread", { count }) : t("messages.menu.title")}
    >
      {t("messages.menu.title")}
      {count > 0 && (
        <span className="badge badge-danger app-menu-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </NavLink>
  );
};
