import { ConversationSummary } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** `GET api/conversations/{id}`: who the conversation is with, for a conversation opened by its address. */
export const getConversation = async (conversationId: number) =>
  ConversationSummary.parse(await api.get<unknown>(`api/conversations/${conversationId}`));
