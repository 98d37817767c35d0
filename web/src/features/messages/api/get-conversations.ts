import { ConversationList } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";
import { keptOffline } from "../../../lib/offline-snapshot";

/** `GET api/conversations`: the caller's conversations, the most recent first; offline, the list last fetched. */
export const getConversations = keptOffline("conversations", async () =>
  ConversationList.parse(await api.get<unknown>("api/conversations")),
);
