import { MessageSent } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** `POST api/conversations/{id}/messages`: the message as stored; 429 when the sender writes too fast. */
export const sendMessage = async (conversationId: number, text: string) =>
  MessageSent.parse(
    await api.post<unknown>(`api/conversations/${conversationId}/messages`, { text }, { successAlert: false }),
  );
