import { ReportedConversations } from "@el/domain/messages/message-contracts";
import { api } from "../../../lib/api";

/** `GET api/conversations/reported` (administrators): the moderation queue, the latest report first. */
export const getReportedConversations = async () =>
  ReportedConversations.parse(await api.get<unknown>("api/conversations/reported"));
