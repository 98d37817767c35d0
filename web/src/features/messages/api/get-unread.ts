import { UnreadTotal } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";
import { keptOffline } from "../../../lib/offline-snapshot";

/**
 * `GET api/conversations/unread`: the caller's unread messages in all their conversations; offline, the count last
 * fetched since signing in, as the offline banner says.
 */
export const getUnread = keptOffline(
  "unread-messages",
  async () => UnreadTotal.parse(await api.get<unknown>("api/conversations/unread")).unread,
);
