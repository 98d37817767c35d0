import { UnreadTotal } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** `POST api/conversations/{id}/read`: the other party's messages up to `upTo` are read; answers the caller's unread total. */
export const markRead = async (conversationId: number, upTo: number) => {
  const answer = UnreadTotal.safeParse(
    await api.post<unknown>(`api/conversations/${conversationId}/read`, { upTo }, { successAlert: false }),
  );
  return answer.success ? answer.data.unread : undefined;
};
