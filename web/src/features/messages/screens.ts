/**
 * The messages' pages in one chunk: the landing page's script then names one file for all of them,
 * not one per page (its budget counts every byte).
 */
export { MessagesPage } from "./conversations/messages-page";
export { ReportedConversationPage } from "./moderation/reported-conversation-page";
export { ReportedConversationsPage } from "./moderation/reported-conversations-page";
