import { ConversationCreated, type StartConversationBody } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** `POST api/conversations`: the one conversation of the caller and that teacher or student; 403 when they share no lesson. */
export const startConversation = async (body: StartConversationBody) =>
  ConversationCreated.parse(
    await api.post<unknown>("api/conversations", body, {
      successAlert: false,
      forbiddenIsAnswer: true,
    }),
  );
