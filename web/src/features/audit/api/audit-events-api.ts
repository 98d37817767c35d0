import { AuditEventsPage, type AuditEventsQuery } from "@el/domain/audit/audit-views";
import { api } from "../../../lib/api";

/**
 * The timeline's filters as the URL and `GET /api/audit/events` take them (empty ones left out); `after` is the
 * `next` of the page before.
 */
export type AuditEventsFilter = Omit<AuditEventsQuery, "size">;

export const AUDIT_TIMELINE_SIZE = 50;

/** `GET /api/audit/events`: a page of events in global order and the cursor of the next one. */
export const getAuditEvents = async (filter: AuditEventsFilter) => {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ""));
  return AuditEventsPage.parse(await api.get<unknown>("api/audit/events", { ...query, size: AUDIT_TIMELINE_SIZE }));
};
