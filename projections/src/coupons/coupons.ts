import { couponStreams } from "@el/domain/coupons/index";
import { orderAndPage, type Page, type PageRequest } from "../catalog/paging";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `coupons`: one row per coupon not removed, for the administrator's list, search and form, and
 * for finding a coupon by the code a student types. `used` counts the uses purchases hold now (a failed or
 * expired purchase gives its use back). Discounts as the domain keeps them: a percentage, or centavos.
 */

export interface CouponRow {
  id: number;
  code: string;
  quantity: number;
  percentual: boolean;
  /** A percentage when `percentual`, else whole centavos. */
  discount: number;
  /** The package the coupon is for and its lessons, when it is for one (amount 0 once the pack is withdrawn). */
  itemPackage: { id: number; amount: number } | null;
  /** The student the coupon is for, when it is for one (login "" once the account is deleted). */
  user: { id: number; login: string } | null;
  active: boolean;
  used: number;
}

export const couponsProjector: Projector = {
  name: "coupons",
  handles: ["CouponCreated", "CouponChanged", "CouponRemoved", "CouponUsed", "CouponReleased"],
  tables: ["coupons"],
  migrate: readModelMigrations("coupons", [
    {
      name: "001-coupons",
      sql: `create table if not exists coupons (
      id int primary key,
      code text not null,
      quantity int not null,
      percentual boolean not null,
      discount double precision not null,
      package_id int,
      student_id bigint,
      active boolean not null,
      used int not null default 0
    );
    create index if not exists coupons_code_idx on coupons (lower(code))`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = couponStreams.event(recorded);
    // Only the creation carries the id; later events name the coupon by their stream.
    const id = event.type === "CouponCreated" ? event.data.id : couponStreams.parse(event.streamId);
    switch (event.type) {
      case "CouponCreated":
      case "CouponChanged": {
        const { code, quantity, percentual, discount, packageId, studentId, active } = event.data;
        await tx.query(
          `insert into coupons (id, code, quantity, percentual, discount, package_id, student_id, active)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict (id) do update set code = $2, quantity = $3, percentual = $4, discount = $5,
             package_id = $6, student_id = $7, active = $8`,
          [id, code, quantity, percentual, discount, packageId, studentId, active],
        );
        return;
      }
      case "CouponRemoved":
        await tx.query("delete from coupons where id = $1", [id]);
        return;
      case "CouponUsed":
        await tx.query("update coupons set used = used + 1 where id = $1", [id]);
        return;
      case "CouponReleased":
        await tx.query("update coupons set used = greatest(used - 1, 0) where id = $1", [id]);
        return;
    }
  }),
};

/** The package's lessons and the student's login come from the catalogue's and the accounts' read models. */
const SELECT = `select c.id, c.code, c.quantity, c.percentual, c.discount, c.package_id, c.student_id, c.active,
    c.used, p.amount as package_amount, u.login as student_login
  from coupons c
  left join catalog_packages p on p.id = c.package_id
  left join users u on u.id = c.student_id`;

const toCoupon = (row: Record<string, unknown>): CouponRow => ({
  id: Number(row.id),
  code: String(row.code),
  quantity: Number(row.quantity),
  percentual: Boolean(row.percentual),
  discount: Number(row.discount),
  itemPackage: row.package_id === null ? null : { id: Number(row.package_id), amount: Number(row.package_amount ?? 0) },
  user: row.student_id === null ? null : { id: Number(row.student_id), login: String(row.student_login ?? "") },
  active: Boolean(row.active),
  used: Number(row.used),
});

/** `%` and `_` typed in a search are looked for as they are, not as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;

/** Coupons whose code holds `query` (any case), a page at a time; by id unless sorted otherwise. */
export const pageCoupons = async (
  sql: Sql,
  filter: { query?: string },
  page: PageRequest,
): Promise<Page<CouponRow>> => {
  const params: unknown[] = [];
  let where = "";
  if (filter.query?.trim()) {
    params.push(likePattern(filter.query.trim().toLowerCase()));
    where = `where lower(c.code) like $${params.length}`;
  }
  const { clause, params: pageParams } = orderAndPage(
    page,
    {
      id: "c.id",
      code: "lower(c.code)",
      quantity: "c.quantity",
      discount: "c.discount",
      percentual: "c.percentual",
      active: "c.active",
      used: "c.used",
    },
    "c.id asc",
    params.length + 1,
    "c.id",
  );
  const [rows, count] = await Promise.all([
    sql.query(`${SELECT} ${where} ${clause}`, [...params, ...pageParams]),
    sql.query<{ total: string }>(`select count(*) as total from coupons c ${where}`, params),
  ]);
  return { items: rows.rows.map(toCoupon), total: Number(count.rows[0]?.total ?? 0) };
};

export const findCoupon = async (sql: Sql, id: number): Promise<CouponRow | undefined> => {
  const { rows } = await sql.query(`${SELECT} where c.id = $1`, [id]);
  return rows[0] ? toCoupon(rows[0]) : undefined;
};

/** The coupon a student's typed code names, ignoring case and surrounding blanks. */
export const findCouponIdByCode = async (sql: Sql, code: string): Promise<number | undefined> => {
  const { rows } = await sql.query<{ id: number }>("select id from coupons where lower(code) = $1 limit 1", [
    code.trim().toLowerCase(),
  ]);
  return rows[0] ? Number(rows[0].id) : undefined;
};
