import type { AuditEvent, StreamHistory } from "@el/domain/audit/audit-views";
import { json } from "../../test/fake-api";

export { studentAccount } from "../../test/fake-accounts";

/** An auditor signed in: ROLE_AUDITOR alone, as an administrator grants it. */
export const auditorAccount = () =>
  json({
    id: 3,
    login: "auditora@example.com",
    firstName: "Auditora",
    lastName: "Reis",
    email: "auditora@example.com",
    activated: true,
    langKey: "pt-br",
    authorities: ["ROLE_USER", "ROLE_AUDITOR"],
  });

/** A stored event of `student-1001` as the API answers it. */
export const auditEvent = (version: number, changes: Partial<AuditEvent> = {}): AuditEvent => ({
  position: `${800 + version}:${1500 + version}`,
  globalPosition: String(1500 + version),
  link: String(1500 + version),
  stream: "student-1001",
  version,
  type: "CreditsGranted",
  schemaVersion: 1,
  eventId: `event-${version}`,
  // 14:00 in São Paulo on 3 March 2026, plus `version` minutes.
  time: new Date(Date.UTC(2026, 2, 3, 17, version)).toISOString(),
  who: "7",
  correlation: `request-${version}`,
  causation: null,
  data: { amount: 4, grantedBy: "admin" },
  opened: { amount: 4, grantedBy: "admin" },
  metadata: { userId: "7", correlationId: `request-${version}` },
  hash: "a".repeat(64),
  ...changes,
});

/** A student's history: registered, 4 credits granted, one spent. */
export const studentHistory = (): StreamHistory => ({
  stream: "student-1001",
  kind: "student",
  at: null,
  state: { status: "active", balance: 3 },
  events: [
    {
      event: auditEvent(1, {
        type: "StudentRegistered",
        data: { firstName: "pd1:student-1001:c2VsYWRv" },
        opened: { firstName: "Ana" },
        who: "anonymous",
      }),
      stateAfter: { status: "active", balance: 0 },
    },
    { event: auditEvent(2, { who: "unknown", correlation: "unknown" }), stateAfter: { status: "active", balance: 4 } },
    {
      event: auditEvent(3, {
        type: "CreditSpent",
        data: { lessonId: 50, schedulingId: 50 },
        opened: { lessonId: 50, schedulingId: 50 },
      }),
      stateAfter: { status: "active", balance: 3 },
    },
  ],
});
