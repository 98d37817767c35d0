import { useSyncExternalStore } from "react";

/**
 * What the header's count and the messages page share in this tab: the unread total (null until read) and
 * the conversation on screen, whose new messages are read as they arrive and so never count as unread.
 */
const createMessagesTab = () => {
  let unread: number | null = null;
  let open: number | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    unread: () => unread,
    setUnread(total: number) {
      unread = Math.max(0, total);
      changed();
    },
    addUnread(count: number) {
      if (unread === null) return;
      unread = Math.max(0, unread + count);
      changed();
    },
    /** Whether a message of `conversationId` is read as it arrives: that conversation is on screen, in a visible tab. */
    readsAsItArrives: (conversationId: number) => open === conversationId && document.visibilityState === "visible",
    setOpen(conversationId: number | null) {
      open = conversationId;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

export const messagesTab = createMessagesTab();

/** The tab's unread total, following every change. */
export const useUnreadTotal = () => useSyncExternalStore(messagesTab.subscribe, messagesTab.unread);
