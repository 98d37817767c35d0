import type { Authority, HeardFrom, Objective } from "@el/domain/accounts/account";
import type { Sql } from "../../sql";

/** A `users` row as the queries return it (camelCase, dates as ISO strings). */
export interface UserRow {
  id: number;
  streamId: string;
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  authorities: Authority[];
  activated: boolean;
  kind: "student" | "teacher" | "admin";
  accepted: boolean;
  levelId: number | null;
  objective: Objective | null;
  seen: HeardFrom | null;
  phone: string | null;
  balance: number;
  /** Free trial lessons left. */
  trialCredits: number;
  langKey: string;
  imageUrl: string | null;
  experience: string | null;
  cpf: string | null;
  street: string | null;
  neighbourhood: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  number: string | null;
  cep: string | null;
  bankNumber: string | null;
  bankAccount: string | null;
  bankBranch: string | null;
  createdBy: string;
  createdDate: string;
  lastModifiedBy: string;
  lastModifiedDate: string;
}

const columns = `id, stream_id, login, email, first_name, last_name, authorities, activated, kind, accepted, level_id,
  objective, seen, phone, balance, trial_credits, lang_key, image_url, experience, cpf, street, neighbourhood, city, state, country,
  number, cep, bank_number, bank_account, bank_branch, created_by, created_date, last_modified_by, last_modified_date`;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

const toUser = (row: Record<string, unknown>): UserRow => {
  const user = Object.fromEntries(Object.entries(row).map(([column, value]) => [camel(column), value]));
  return {
    ...user,
    id: Number(row.id),
    createdDate: new Date(row.created_date as string).toISOString(),
    lastModifiedDate: new Date(row.last_modified_date as string).toISOString(),
  } as UserRow;
};

export const findUserByLogin = async (sql: Sql, login: string) => {
  const { rows } = await sql.query(`select ${columns} from users where login = $1`, [login.trim().toLowerCase()]);
  return rows[0] ? toUser(rows[0]) : undefined;
};

export const findUserById = async (sql: Sql, id: number) => {
  const { rows } = await sql.query(`select ${columns} from users where id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : undefined;
};

/** What a person types to sign in: their login, or the e-mail of their account. */
export const findUserBySignInName = async (sql: Sql, name: string) => {
  const normalised = name.trim().toLowerCase();
  const { rows } = await sql.query(
    `select ${columns} from users where login = $1 or lower(email) = $1 order by (login = $1) desc limit 1`,
    [normalised],
  );
  return rows[0] ? toUser(rows[0]) : undefined;
};

/** Sortable fields of the user lists (the screen's names) and their columns. */
export const userSortFields = {
  id: "id",
  login: "login",
  email: "email",
  firstName: "first_name",
  lastName: "last_name",
  activated: "activated",
  langKey: "lang_key",
  balance: "balance",
  phone: "phone",
  createdBy: "created_by",
  createdDate: "created_date",
  lastModifiedBy: "last_modified_by",
  lastModifiedDate: "last_modified_date",
} as const;
export type UserSortField = keyof typeof userSortFields;

export interface UserPageQuery {
  kind: "student" | "teacher" | "admin";
  page: number;
  size: number;
  sort: { field: UserSortField; direction: "asc" | "desc" }[];
  /** Part of the name (first or last) or e-mail, any case. */
  search?: string;
}

export const pageUsers = async (sql: Sql, query: UserPageQuery) => {
  const params: unknown[] = [query.kind];
  let where = "kind = $1";
  if (query.search?.trim()) {
    params.push(
      `%${query.search
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, "\\$&")}%`,
    );
    where += ` and (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like $2 or lower(email) like $2)`;
  }
  const order = [...query.sort.map(({ field, direction }) => `${userSortFields[field]} ${direction}`), "id asc"].join(
    ", ",
  );
  const { rows: counted } = await sql.query<{ total: string }>(
    `select count(*) as total from users where ${where}`,
    params,
  );
  const { rows } = await sql.query(
    `select ${columns} from users where ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.size, query.page * query.size],
  );
  return { users: rows.map(toUser), total: Number(counted[0]?.total ?? 0) };
};

/** The account streams of whoever holds `ROLE_ADMIN` and is active, as the read model has them. */
export const activeAdministratorStreams = async (sql: Sql): Promise<string[]> => {
  const { rows } = await sql.query<{ stream_id: string }>(
    "select stream_id from users where activated and 'ROLE_ADMIN' = any(authorities) order by id",
  );
  return rows.map((row) => row.stream_id);
};

export const countUsers = async (sql: Sql, kind?: UserRow["kind"]) => {
  const { rows } = await sql.query<{ total: string }>(
    kind ? "select count(*) as total from users where kind = $1" : "select count(*) as total from users",
    kind ? [kind] : [],
  );
  return Number(rows[0]?.total ?? 0);
};
