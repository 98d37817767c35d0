import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import {
  type OrderLine,
  type PurchaseStatus,
  purchaseEventSchemas,
  purchaseStreams,
} from "@el/domain/purchasing/index";
import type { PurchaseFilter } from "@el/domain/purchasing/purchase-views";
import type { PageRequest } from "../catalog/paging";
import { orderAndPage } from "../catalog/paging";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `purchases`: one row per purchase as the student's history and the back office list them,
 * with what is still to pay (`payment`) while a Pix, a boleto or a bank's authentication is awaited, and
 * `expires_at` for the job that expires unpaid ones, and `reconciled` when its outcome came from asking the gateway
 * again after its checkout never recorded one (the reconciliation's work list: `PENDING` ones). Every change of status tells the student
 * (`purchase:updated`) once it is committed.
 */

export interface PurchaseRow {
  id: number;
  studentId: number;
  studentLogin: string;
  studentFirstName: string;
  studentLastName: string | null;
  method: string;
  status: PurchaseStatus;
  orders: OrderLine[];
  listCents: number;
  discountCents: number;
  totalCents: number;
  credits: number;
  installments: number;
  couponCode: string | null;
  card: { brand: string; last4: string } | null;
  paymentId: string | null;
  /** Pix `{ kind, qrCode, expiresAt }`, boleto `{ kind, digitableLine, barcode, dueDate, expiresAt }`, or debit `{ kind: "DEBIT", redirectUrl, … }`. */
  payment: Record<string, string> | null;
  expiresAt: string | null;
  failure: string | null;
  startedAt: string;
  paidAt: string | null;
  /** Its outcome was settled by reconciliation (the checkout never recorded the gateway's answer). */
  reconciled: boolean;
}

const SCHEMA = `
create table if not exists purchases (
  id bigint primary key,
  student_id bigint not null,
  student_login text not null,
  student_first_name text not null,
  student_last_name text,
  method text not null,
  status text not null,
  orders jsonb not null,
  list_cents int not null,
  discount_cents int not null,
  total_cents int not null,
  credits int not null,
  installments int not null,
  coupon_code text,
  card jsonb,
  payment_id text,
  payment jsonb,
  expires_at timestamptz,
  failure text,
  started_at timestamptz not null,
  paid_at timestamptz
);
create index if not exists purchases_student on purchases (student_id, started_at desc);
create index if not exists purchases_payment on purchases (payment_id);
create index if not exists purchases_due on purchases (expires_at) where status = 'AWAIT_PAYMENT';
`;

const RECONCILED = `
alter table purchases add column if not exists reconciled boolean not null default false;
create index if not exists purchases_pending on purchases (started_at) where status = 'PENDING';
`;

const updated = (rows: { id: string; student_id: string; status: string }[]): Push[] =>
  rows.map((row) => ({
    room: `user:${row.student_id}`,
    event: "purchase:updated",
    payload: { purchaseId: Number(row.id), status: row.status },
  }));

export const purchasesProjector: Projector = {
  name: "purchases",
  handles: [...Object.keys(purchaseEventSchemas), "PersonalDataErased"],
  tables: ["purchases"],
  migrate: readModelMigrations("purchases", [
    { name: "001-purchases", sql: SCHEMA },
    { name: "002-reconciled", sql: RECONCILED },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (recorded.type === "PersonalDataErased") {
      // The purchases stay (money and credits), no longer saying whose they were.
      const person = personOfAccountStream(recorded.streamId);
      if (person?.role !== "student") return [];
      await tx.query(
        `update purchases set student_login = $2, student_first_name = $2,
           student_last_name = case when student_last_name is null then null else $2 end
         where student_id = $1`,
        [person.id, PERSON_REMOVED],
      );
      return [];
    }
    const event = purchaseStreams.event(recorded);
    const id = purchaseStreams.parse(event.streamId);
    const set = async (assignments: string, params: unknown[]) =>
      updated(
        (
          await tx.query<{ id: string; student_id: string; status: string }>(
            `update purchases set ${assignments} where id = $${params.length + 1} returning id, student_id, status`,
            [...params, id],
          )
        ).rows,
      );
    switch (event.type) {
      case "PurchaseStarted": {
        const data = event.data;
        await tx.query(
          `insert into purchases (id, student_id, student_login, student_first_name, student_last_name, method, status,
             orders, list_cents, discount_cents, total_cents, credits, installments, coupon_code, card, started_at)
           values ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $9, $10, $11, $12, $13, $14, $15)
           on conflict (id) do nothing`,
          [
            data.id,
            data.student.id,
            data.student.login,
            data.student.firstName,
            data.student.lastName,
            data.method,
            JSON.stringify(data.orders),
            data.listCents,
            data.coupon?.discountCents ?? 0,
            data.totalCents,
            data.credits,
            data.installments,
            data.coupon?.code ?? null,
            data.card ? JSON.stringify(data.card) : null,
            data.startedAt,
          ],
        );
        return;
      }
      case "PurchaseAuthorisationRequested": {
        const { paymentId, ...authorisation } = event.data;
        return set("status = 'AWAIT_AUTHORIZATION', payment_id = $1, payment = $2", [
          paymentId,
          JSON.stringify({ kind: "DEBIT", ...authorisation }),
        ]);
      }
      case "PurchasePaymentAwaited":
        return set("status = 'AWAIT_PAYMENT', payment_id = $1, payment = $2, expires_at = $3", [
          event.data.paymentId,
          JSON.stringify(event.data.payment),
          event.data.payment.expiresAt,
        ]);
      case "PurchasePaid":
        return set("status = 'PAID', payment_id = coalesce($1, payment_id), payment = null, paid_at = $2", [
          event.data.paymentId,
          event.data.paidAt,
        ]);
      case "PurchaseFailed":
        return set("status = 'FAILED', payment = null, failure = $1", [event.data.reason]);
      case "PurchaseExpired":
        return set("status = 'EXPIRED', payment = null", []);
      case "PurchaseRefunded":
        return set("status = 'REFUNDED'", []);
      case "PurchaseReconciled":
        // The outcome follows in the same append and tells the student; this marks the row and keeps the charge found.
        await tx.query("update purchases set reconciled = true, payment_id = coalesce($1, payment_id) where id = $2", [
          event.data.paymentId,
          id,
        ]);
        return;
    }
  }),
};

const COLUMNS = `id, student_id, student_login, student_first_name, student_last_name, method, status, orders, list_cents,
  discount_cents, total_cents, credits, installments, coupon_code, card, payment_id, payment, expires_at, failure,
  started_at, paid_at, reconciled`;

const isoOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

const toPurchase = (row: Record<string, unknown>): PurchaseRow => ({
  id: Number(row.id),
  studentId: Number(row.student_id),
  studentLogin: String(row.student_login),
  studentFirstName: String(row.student_first_name),
  studentLastName: (row.student_last_name as string | null) ?? null,
  method: String(row.method),
  status: row.status as PurchaseStatus,
  orders: json<OrderLine[]>(row.orders),
  listCents: Number(row.list_cents),
  discountCents: Number(row.discount_cents),
  totalCents: Number(row.total_cents),
  credits: Number(row.credits),
  installments: Number(row.installments),
  couponCode: (row.coupon_code as string | null) ?? null,
  card: row.card === null ? null : json<{ brand: string; last4: string }>(row.card),
  paymentId: (row.payment_id as string | null) ?? null,
  payment: row.payment === null ? null : json<Record<string, string>>(row.payment),
  expiresAt: isoOrNull(row.expires_at),
  failure: (row.failure as string | null) ?? null,
  startedAt: new Date(row.started_at as string).toISOString(),
  paidAt: isoOrNull(row.paid_at),
  reconciled: row.reconciled === true,
});

export const findPurchase = async (sql: Sql, id: number): Promise<PurchaseRow | undefined> => {
  const { rows } = await sql.query(`select ${COLUMNS} from purchases where id = $1`, [id]);
  return rows[0] ? toPurchase(rows[0]) : undefined;
};

export const findPurchaseByPaymentId = async (sql: Sql, paymentId: string): Promise<PurchaseRow | undefined> => {
  const { rows } = await sql.query(`select ${COLUMNS} from purchases where payment_id = $1`, [paymentId]);
  return rows[0] ? toPurchase(rows[0]) : undefined;
};

/** A student's purchases, newest first. */
export const purchasesOfStudent = async (sql: Sql, studentId: number): Promise<PurchaseRow[]> => {
  const { rows } = await sql.query(
    `select ${COLUMNS} from purchases where student_id = $1 order by started_at desc, id desc limit 500`,
    [studentId],
  );
  return rows.map(toPurchase);
};

/** São Paulo days (no daylight saving since 2019): `from` at its midnight, `to` up to the next one. */
const whereOf = (filter: PurchaseFilter) => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (param: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.status) add((p) => `status = ${p}`, filter.status);
  if (filter.method) add((p) => `method = ${p}`, filter.method);
  if (filter.studentId !== undefined) add((p) => `student_id = ${p}`, filter.studentId);
  if (filter.from) add((p) => `started_at >= ${p}::timestamptz`, `${filter.from}T00:00:00-03:00`);
  if (filter.to) add((p) => `started_at < (${p}::timestamptz + interval '1 day')`, `${filter.to}T00:00:00-03:00`);
  return { where: conditions.length > 0 ? `where ${conditions.join(" and ")}` : "", params };
};

const SORTABLE = {
  id: "id",
  date: "started_at",
  status: "status",
  method: "method",
  total: "total_cents",
  student: "student_first_name",
};

export const pagePurchases = async (sql: Sql, filter: PurchaseFilter, request: PageRequest) => {
  const { where, params } = whereOf(filter);
  const page = orderAndPage(request, SORTABLE, "started_at desc", params.length + 1);
  const [items, count] = await Promise.all([
    sql.query(`select ${COLUMNS} from purchases ${where} ${page.clause}`, [...params, ...page.params]),
    sql.query<{ count: string }>(`select count(*) as count from purchases ${where}`, params),
  ]);
  return { items: items.rows.map(toPurchase), total: Number(count.rows[0]?.count ?? 0) };
};

/** What was paid in the filter (whatever status it asks for, only paid purchases count). */
export const totalPaid = async (sql: Sql, filter: PurchaseFilter) => {
  const { where, params } = whereOf({ ...filter, status: "PAID" });
  const { rows } = await sql.query<{ cents: string | null; count: string }>(
    `select sum(total_cents) as cents, count(*) as count from purchases ${where}`,
    params,
  );
  return { cents: Number(rows[0]?.cents ?? 0), count: Number(rows[0]?.count ?? 0) };
};

/** Purchases whose Pix or boleto was not paid in time: the expiry job's work list. */
export const duePurchases = async (sql: Sql, now: Date, limit = 100): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    "select id from purchases where status = 'AWAIT_PAYMENT' and expires_at <= $1 order by expires_at limit $2",
    [now.toISOString(), limit],
  );
  return rows.map((row) => Number(row.id));
};

/** Purchases still without the gateway's answer that started before `startedBefore`: the reconciliation's work list. */
export const purchasesToReconcile = async (sql: Sql, startedBefore: Date, limit = 100): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    "select id from purchases where status = 'PENDING' and started_at <= $1 order by started_at limit $2",
    [startedBefore.toISOString(), limit],
  );
  return rows.map((row) => Number(row.id));
};
