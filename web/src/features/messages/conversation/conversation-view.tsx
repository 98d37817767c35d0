import type { ConversationPeer } from "@el/domain/messages/message-contracts";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useLiveFeed } from "../../../lib/socket";
import { PeerPhoto } from "../conversations/peer-photo";
import { messagesTab } from "../unread/messages-tab";
import { Composer } from "./composer";
import { conversationMachine } from "./conversation.machine";
import { type HistoryMessage, ownMarkOf } from "./message-history";
import { MessageText } from "./message-text";
import { ReportConversation } from "./report-conversation";

interface ConversationViewProps {
  conversationId: number;
  me: number;
  /** Who the conversation is with, once known. */
  peer: ConversationPeer | undefined;
}

/** One conversation: its history (older pages on request), live new messages and reads, the composer and the report. */
export const ConversationView = ({ conversationId, me, peer }: ConversationViewProps) => {
  const { t } = useTranslation();
  const feed = useLiveFeed();
  const conversation = useActorRef(conversationMachine, { input: { conversationId, me, feed } });
  const snapshot = useSelector(conversation, (state) => state);
  const { messages, hasOlder, loadError, olderError, draft, sendError } = snapshot.context;
  const logRef = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    messagesTab.setOpen(conversationId);
    return () => messagesTab.setOpen(null);
  }, [conversationId]);
  // A new message (not an older page) scrolls the history to its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the newest message moves the scroll
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);

  const peerName = peer?.name ?? "";
  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <header className="conversation-head">
        {peer && <PeerPhoto peer={peer} size={40} />}
        <h2 id="conversation-title">
          {peer ? t("messages.view.title", { name: peerName }) : t("messages.view.untitled")}
        </h2>
        <ReportConversation key={conversationId} conversationId={conversationId} />
      </header>
      {snapshot.matches("loading") && <Loading />}
      {snapshot.matches("failed") && (
        <div>
          <ErrorAlert error={loadError} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => conversation.send({ type: "history.retry" })}
          >
            {t("messages.retry")}
          </button>
        </div>
      )}
      {snapshot.matches("ready") && (
        <>
          <div ref={logRef} className="conversation-log" role="log" aria-label={t("messages.view.history")}>
            {hasOlder && (
              <button
                type="button"
                className="btn btn-small btn-outline conversation-older"
                disabled={snapshot.matches({ ready: { history: "older" } })}
                onClick={() => conversation.send({ type: "history.older" })}
              >
                {snapshot.matches({ ready: { history: "older" } })
                  ? t("messages.view.loadingOlder")
                  : t("messages.view.older")}
              </button>
            )}
            {olderError !== null && <ErrorAlert error={olderError} />}
            {messages.length === 0 ? (
              <p className="conversation-empty">{t("messages.view.empty", { name: peerName })}</p>
            ) : (
              <ol className="conversation-messages">
                {messages.map((message) => (
                  <MessageItem key={message.id} message={message} mine={message.from === me} peerName={peerName} />
                ))}
              </ol>
            )}
          </div>
          <Composer
            draft={draft}
            sending={snapshot.matches({ ready: { composer: "sending" } })}
            error={sendError}
            onChange={(text) => conversation.send({ type: "draft.changed", text })}
            onSend={() => conversation.send({ type: "draft.send" })}
          />
        </>
      )}
    </section>
  );
};

const MARK_KEYS = { sent: "messages.mark.sent", delivered: "messages.mark.delivered", read: "messages.mark.read" };

const MessageItem = ({ message, mine, peerName }: { message: HistoryMessage; mine: boolean; peerName: string }) => {
  const { t } = useTranslation();
  const at = t("messages.view.at", { date: formatDay(message.sentAt), time: formatTime(message.sentAt) });
  return (
    <li className={mine ? "message message-own" : "message"} data-message-id={message.id}>
      <span className="message-meta">
        <strong>{mine ? t("messages.view.you") : peerName}</strong> · <time dateTime={message.sentAt}>{at}</time>
      </span>
      <MessageText text={message.text} />
      {mine && <span className="message-mark">{t(MARK_KEYS[ownMarkOf(message)])}</span>}
    </li>
  );
};
