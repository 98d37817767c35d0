import { type PurchaseEvent, purchaseEventSchemas, purchaseStreams } from "@el/domain/purchasing/purchase";
import type { PurchasePaymentView, PurchaseStatus } from "@el/domain/purchasing/purchase-views";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * `purchase_status_changes`: each purchase's statuses in the order they happened, with when and by whom
 * (the gateway or an administrator's login; none for the student's own checkout), for the back office's
 * payment page. A read model of its own, so a new deployment fills it from the first event.
 */
const SCHEMA = `
create table if not exists purchase_status_changes (
  purchase_id bigint not null,
  position bigint not null,
  status text not null,
  at timestamptz not null,
  by text,
  primary key (purchase_id, position)
);
`;

/** The status an event moves the purchase to, when it happened and who moved it. */
const changeOf = (
  event: PurchaseEvent,
  recordedAt: Date,
): { status: PurchaseStatus; at: string; by: string | null } | undefined => {
  switch (event.type) {
    case "PurchaseStarted":
      return { status: "PENDING", at: event.data.startedAt, by: null };
    // The gateway's answers carry no time of their own: they happened when they were stored.
    case "PurchaseAuthorisationRequested":
      return { status: "AWAIT_AUTHORIZATION", at: recordedAt.toISOString(), by: "gateway" };
    case "PurchasePaymentAwaited":
      return { status: "AWAIT_PAYMENT", at: recordedAt.toISOString(), by: "gateway" };
    case "PurchasePaid":
      return { status: "PAID", at: event.data.paidAt, by: event.data.by };
    case "PurchaseFailed":
      return { status: "FAILED", at: event.data.failedAt, by: null };
    case "PurchaseExpired":
      return { status: "EXPIRED", at: event.data.expiredAt, by: null };
    case "PurchaseRefunded":
      return { status: "REFUNDED", at: event.data.refundedAt, by: event.data.by };
    case "PurchaseReconciled":
      // No status of its own: the `PurchasePaid` or `PurchaseFailed` after it (by `reconciliation`) is the change.
      return undefined;
  }
};

export const purchasePaymentHistoryProjector: Projector = {
  name: "purchase-payment-history",
  handles: Object.keys(purchaseEventSchemas),
  tables: ["purchase_status_changes"],
  migrate: readModelMigrations("purchase-payment-history", [{ name: "001-purchase-payment-history", sql: SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = purchaseStreams.event(recorded);
    const change = changeOf(event, recorded.recordedAt);
    if (change === undefined) return;
    const { status, at, by } = change;
    await tx.query(
      `insert into purchase_status_changes (purchase_id, position, status, at, by) values ($1, $2, $3, $4, $5)
       on conflict (purchase_id, position) do nothing`,
      [purchaseStreams.parse(event.streamId), String(recorded.globalPosition), status, at, by],
    );
  }),
};

/**
 * `GET api/purchases/{id}/payment`: the gateway's reference for the purchase's payment and its statuses,
 * oldest first; null when there is no such purchase. Card data never reaches the read models.
 */
export const purchasePaymentOf = async (sql: Sql, id: number): Promise<PurchasePaymentView | null> => {
  const { rows: purchases } = await sql.query<{ payment_id: string | null }>(
    "select payment_id from purchases where id = $1",
    [id],
  );
  const purchase = purchases[0];
  if (!purchase) return null;
  const { rows } = await sql.query<{ status: PurchaseStatus; at: Date | string; by: string | null }>(
    "select status, at, by from purchase_status_changes where purchase_id = $1 order by position",
    [id],
  );
  return {
    id,
    gatewayReference: purchase.payment_id,
    history: rows.map((row) => ({ status: row.status, at: new Date(row.at).toISOString(), by: row.by })),
  };
};
