import type { MessageView, ReportedConversation } from "@el/domain/messages/message-contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getMessages } from "../api/get-messages";
import { getReportedConversations } from "../api/get-reported-conversations";
import { MessageText } from "../conversation/message-text";
import "../messages.css";

/** A reported conversation as a moderator reads it: read-only, older pages on request; every read is recorded. */
export const ReportedConversationPage = () => {
  const { t } = useTranslation();
  const conversationId = Number(useParams().id);
  const loaded = useResource(async () => {
    const [queue, page] = await Promise.all([getReportedConversations(), getMessages(conversationId)]);
    return { conversation: queue.find((one) => one.id === conversationId), page };
  }, `reported-conversation-${conversationId}`);
  return (
    <section className="reported-conversation" aria-labelledby="reported-conversation-title">
      <Link to="/gerencia/conversas">{t("messages.moderation.back")}</Link>
      <p className="alert alert-warning" role="note">
        {t("messages.moderation.recorded")}
      </p>
      {loaded.status === "loading" && <Loading />}
      {loaded.status === "failed" && <ErrorAlert error={loaded.error} />}
      {loaded.status === "ready" && (
        <ReadOnlyHistory
          conversationId={conversationId}
          conversation={loaded.data.conversation}
          first={loaded.data.page}
        />
      )}
    </section>
  );
};

const ReadOnlyHistory = ({
  conversationId,
  conversation,
  first,
}: {
  conversationId: number;
  conversation: ReportedConversation | undefined;
  first: { messages: MessageView[]; hasOlder: boolean };
}) => {
  const { t } = useTranslation();
  const [history, setHistory] = useState(first);
  const older = useMutation(async () => {
    const page = await getMessages(conversationId, history.messages[0]?.id);
    setHistory((shown) => ({ messages: [...page.messages, ...shown.messages], hasOlder: page.hasOlder }));
  });
  const nameOf = (id: number) =>
    id === conversation?.student.id
      ? t("messages.moderation.student", { name: conversation.student.name })
      : id === conversation?.teacher.id
        ? t("messages.moderation.teacher", { name: conversation.teacher.name })
        : String(id);
  return (
    <>
      <h2 id="reported-conversation-title">
        {conversation
          ? t("messages.moderation.between", { student: conversation.student.name, teacher: conversation.teacher.name })
          : t("messages.view.untitled")}
      </h2>
      {history.hasOlder && (
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={older.status === "running"}
          onClick={() => void older.run(undefined)}
        >
          {older.status === "running" ? t("messages.view.loadingOlder") : t("messages.view.older")}
        </button>
      )}
      {older.status === "error" && <ErrorAlert error={older.error} />}
      {history.messages.length === 0 ? (
        <p role="status">{t("messages.moderation.noMessages")}</p>
      ) : (
        <ol className="conversation-messages" aria-label={t("messages.view.history")}>
          {history.messages.map((message) => (
            <li key={message.id} className="message">
              <span className="message-meta">
                <strong>{nameOf(message.from)}</strong> ·{" "}
                <time dateTime={message.sentAt}>
                  {t("messages.view.at", { date: formatDay(message.sentAt), time: formatTime(message.sentAt) })}
                </time>
              </span>
              <MessageText text={message.text} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
};
