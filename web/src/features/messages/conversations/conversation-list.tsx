import type { ConversationSummary } from "@el/domain/messages/message-contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { PeerPhoto } from "./peer-photo";

/** The conversations, each with the other party, the last message and how many are unread; the open one marked. */
export const ConversationList = ({
  conversations,
  me,
  openId,
}: {
  conversations: ConversationSummary[];
  me: number;
  openId: number | null;
}) => {
  const { t } = useTranslation();
  return (
    <ul className="conversation-list" aria-label={t("messages.list.label")}>
      {conversations.map((conversation) => {
        const last = conversation.lastMessage;
        const name = conversation.with.name;
        return (
          <li key={conversation.id}>
            <Link
              to={`/mensagens/${conversation.id}`}
              className="conversation-item"
              aria-current={conversation.id === openId ? "page" : undefined}
              aria-label={
                conversation.unread > 0
                  ? t("messages.list.itemUnread", { name, count: conversation.unread })
                  : t("messages.list.item", { name })
              }
            >
              <PeerPhoto peer={conversation.with} size={48} />
              <span className="conversation-item-text">
                <strong>{name}</strong>
                <span className="conversation-item-last">
                  {last
                    ? `${last.from === me ? t("messages.list.youWrote") : ""}${last.text}`
                    : t("messages.list.noMessages")}
                </span>
              </span>
              <span className="conversation-item-side">
                {last && (
                  <time dateTime={last.sentAt}>
                    {t("messages.view.at", { date: formatDay(last.sentAt), time: formatTime(last.sentAt) })}
                  </time>
                )}
                {conversation.unread > 0 && (
                  <span className="badge badge-danger" aria-hidden="true">
                    {conversation.unread}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
};
