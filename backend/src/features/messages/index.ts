import { conversationEventDefinitions, conversationPairEventDefinitions } from "@el/domain/messages/conversation";
import { messageDigestEventDefinitions } from "@el/domain/messages/message-digest";
import { messagesProjector } from "@el/projections/messages/index";
import type { Feature } from "../feature";
import { startMessageDigests } from "./message-digest-sender";
import { messageRoutes } from "./message-routes";

/**
 * Messages between a student and a teacher who share a lesson: one conversation per pair, pushed live to both
 * (`message:new`, `message:delivered`, `message:read`), an e-mail digest of what stays unread for 15 minutes,
 * reports to the moderators, and the administrators' reads of a reported conversation, each recorded for the
 * auditors.
 */
export const messagesFeature: Feature = {
  name: "messages",
  events: [...conversationEventDefinitions, ...conversationPairEventDefinitions, ...messageDigestEventDefinitions],
  projectors: [messagesProjector],
  routes: async (app) => {
    await app.register(messageRoutes);
    startMessageDigests(app, app.config.messageDigestIntervalMs);
  },
};
