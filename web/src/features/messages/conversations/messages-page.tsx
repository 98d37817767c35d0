import type { ConversationPeer, StartConversationBody } from "@el/domain/messages/message-contracts";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { hasAnyAuthority } from "../../../lib/session/account";
import { useSession } from "../../../lib/session/session-provider";
import { LiveFeedProvider, useLiveFeed } from "../../../lib/socket";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getConversation } from "../api/get-conversation";
import { startConversation } from "../api/start-conversation";
import { ConversationView } from "../conversation/conversation-view";
import "../messages.css";
import { ConversationList } from "./conversation-list";
import { conversationListMachine } from "./conversation-list.machine";

/** `?com=<id>`: the teacher (for a student) or the student (for a teacher) to talk with, from their page or a lesson. */
const WITH_PARAM = "com";

/**
 * /mensagens and /mensagens/:id, for students and teachers: the conversations beside the open one; under
 * 700 px the list and the conversation are separate screens. `?com=` opens (or starts) the conversation
 * with that person.
 */
export const MessagesPage = () => (
  <LiveFeedProvider>
    <MessagesScreen />
  </LiveFeedProvider>
);

const MessagesScreen = () => {
  const { t } = useTranslation();
  const { account } = useSession();
  const me = account?.id ?? 0;
  const params = useParams();
  const openId = params.id ? Number(params.id) : null;
  const [search] = useSearchParams();
  const withId = Number(search.get(WITH_PARAM)) || null;
  const feed = useLiveFeed();
  const list = useActorRef(conversationListMachine, { input: { me, feed } });
  const snapshot = useSelector(list, (state) => state);
  const { conversations, loadError } = snapshot.context;

  useEffect(() => {
    if (openId) list.send({ type: "conversation.opened", conversationId: openId });
  }, [list, openId]);

  const listed = conversations.find((one) => one.id === openId)?.with;
  return (
    <div className="page messages-page">
      <h1>{t("messages.title")}</h1>
      {withId !== null && (
        <StartConversation
          key={withId}
          body={hasAnyAuthority(account, ["ROLE_STUDENT"]) ? { teacherId: withId } : { studentId: withId }}
        />
      )}
      <div className="messages-layout" data-open={openId !== null}>
        <nav className="messages-list-pane" aria-label={t("messages.list.title")}>
          {snapshot.matches("failed") && (
            <div>
              <ErrorAlert error={loadError} />
              <button type="button" className="btn btn-primary" onClick={() => list.send({ type: "list.retry" })}>
                {t("messages.retry")}
              </button>
            </div>
          )}
          {snapshot.matches("loading") && conversations.length === 0 && <Loading />}
          {!snapshot.matches("failed") &&
            (conversations.length > 0 ? (
              <ConversationList conversations={conversations} me={me} openId={openId} />
            ) : (
              snapshot.matches("ready") && (
                <div className="messages-empty" role="status">
                  <p>
                    <strong>{t("messages.list.empty")}</strong>
                  </p>
                  <p>{t("messages.list.emptyHint")}</p>
                </div>
              )
            ))}
        </nav>
        <div className="messages-conversation-pane">
          {openId === null ? (
            <p className="messages-choose">{t("messages.view.choose")}</p>
          ) : (
            <>
              <Link to="/mensagens" className="messages-back">
                {t("messages.view.back")}
              </Link>
              <OpenConversation key={openId} conversationId={openId} me={me} listed={listed} />
            </>
          )}
        </div>
      </div>
    </div>
  );
};

/** The open conversation, with whom it is taken from the list, or read by its address when the list lacks it. */
const OpenConversation = ({
  conversationId,
  me,
  listed,
}: {
  conversationId: number;
  me: number;
  listed: ConversationPeer | undefined;
}) => {
  const fetched = useResource(() => getConversation(conversationId), `conversation-${conversationId}`);
  const peer = listed ?? (fetched.status === "ready" ? fetched.data.with : undefined);
  if (!listed && fetched.status === "failed") return <ErrorAlert error={fetched.error} />;
  return <ConversationView conversationId={conversationId} me={me} peer={peer} />;
};

/** Finds or starts the conversation with the person named by `?com=` and opens it in its place. */
const StartConversation = ({ body }: { body: StartConversationBody }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useMutation(startConversation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per person (the component is keyed by them)
  useEffect(() => {
    void start.run(body).then((created) => {
      if (created) navigate(`/mensagens/${created.id}`, { replace: true });
    });
  }, []);
  if (start.status === "error")
    return (
      <div className="messages-start-error">
        <ErrorAlert error={start.error} />
        <p>{t("messages.start.hint")}</p>
      </div>
    );
  return start.status === "running" ? <Loading /> : null;
};
