import { api } from "../../../lib/api";

/** `POST api/conversations/{id}/report`: asks the moderators to read the conversation, saying why. */
export const reportConversation = (conversationId: number, reason: string) =>
  api.post<unknown>(`api/conversations/${conversationId}/report`, { reason }, { successAlert: false });
