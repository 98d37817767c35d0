import { MessagesPage } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** How many messages a page of the history holds. */
export const MESSAGES_PAGE_SIZE = 30;

/** `GET api/conversations/{id}/messages`: the newest page, or the one before the message `before`. */
export const getMessages = async (conversationId: number, before?: number) =>
  MessagesPage.parse(
    await api.get<unknown>(`api/conversations/${conversationId}/messages`, { before, size: MESSAGES_PAGE_SIZE }),
  );
