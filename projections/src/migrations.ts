import type { Database, Sql } from "./sql";

/**
 * One schema change, named `{area}/{number}-{what}` ("event-store/002-event-digests"): applied once, in the
 * order its list gives, and recorded in `schema_migrations`. Never edited once released: a change is a new one.
 */
export interface Migration {
  name: string;
  up: string | ((sql: Sql) => Promise<void>);
}

/**
 * Taken for the whole run, in its transaction: instances starting together migrate one after the other, and
 * the second finds everything recorded. The key is the one earlier versions took around their
 * `create … if not exists` blocks, so an instance of either kind waits for the other.
 */
const LOCK = "select pg_advisory_xact_lock(hashtextextended('app_migrate', 0))";

const MIGRATIONS_TABLE = `create table if not exists schema_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
)`;

const isDatabase = (sql: Sql | Database): sql is Database =>
  typeof (sql as Partial<Database>).transaction === "function";

const checked = (migrations: readonly Migration[]) => {
  const names = new Set<string>();
  for (const { name } of migrations) {
    if (!/^[a-z0-9:_-]+\/\d{3}-[a-z0-9_-]+$/.test(name))
      throw new Error(`migration name ${name} is not {area}/{nnn}-{what}`);
    if (names.has(name)) throw new Error(`migration ${name} is listed twice`);
    names.add(name);
  }
  return migrations;
};

/**
 * Applies the migrations of `migrations` not recorded yet, in order, under one lock and in one transaction
 * (the caller's, when given one): all of them, or none when one fails. Resolves to the names it applied.
 *
 * The first migration of an area is written for databases made before migrations were recorded (its tables
 * already there): `create … if not exists`, `create or replace`. So are those of the tables a backup holds
 * (backend/scripts/backup.sh keeps no `schema_migrations`): a restored database applies them all again.
 */
export const applyMigrations = async (sql: Sql | Database, migrations: readonly Migration[]): Promise<string[]> => {
  if (isDatabase(sql)) return sql.transaction((tx) => applyMigrations(tx, migrations));
  checked(migrations);
  await sql.query(LOCK);
  await sql.query(MIGRATIONS_TABLE);
  const { rows } = await sql.query<{ name: string }>(
    "select name from schema_migrations where name = any($1::text[])",
    [migrations.map(({ name }) => name)],
  );
  const applied = new Set(rows.map(({ name }) => name));
  const pending = migrations.filter(({ name }) => !applied.has(name));
  for (const migration of pending) {
    if (typeof migration.up === "string") await sql.query(migration.up);
    else await migration.up(sql);
    await sql.query("insert into schema_migrations (name) values ($1)", [migration.name]);
  }
  return pending.map(({ name }) => name);
};

/** The area of a read model's migrations: a rebuild forgets them with its tables. */
export const readModelArea = (projector: string) => `projection:${projector}`;

/**
 * A projector's `migrate`: its read model's numbered steps (`001-…`), recorded under `projection:{name}`, in
 * the schema the caller's `search_path` puts first (a replay's or a green build's schema gets its own record).
 */
export const readModelMigrations =
  (projector: string, steps: readonly { name: string; sql: string }[]) =>
  async (sql: Sql): Promise<void> => {
    await applyMigrations(
      sql,
      steps.map((step) => ({ name: `${readModelArea(projector)}/${step.name}`, up: step.sql })),
    );
  };

/** Forgets the migrations of a read model whose tables were dropped, so the next `migrate` makes them again. */
export const forgetReadModelMigrations = async (sql: Sql, projector: string) => {
  await sql.query(MIGRATIONS_TABLE);
  await sql.query("delete from schema_migrations where starts_with(name, $1)", [`${readModelArea(projector)}/`]);
};

/**
 * After a blue/green switch moved a read model's tables from `fromSchema` into `toSchema` (identifiers, quoted):
 * `toSchema` records the read model's migrations as the build in `fromSchema` applied them.
 */
export const adoptReadModelMigrations = async (sql: Sql, projector: string, fromSchema: string, toSchema: string) => {
  const prefix = `${readModelArea(projector)}/`;
  for (const schema of [fromSchema, toSchema]) {
    await sql.query(MIGRATIONS_TABLE.replace("schema_migrations", `${schema}.schema_migrations`));
  }
  await sql.query(`delete from ${toSchema}.schema_migrations where starts_with(name, $1)`, [prefix]);
  await sql.query(
    `insert into ${toSchema}.schema_migrations (name, applied_at)
       select name, applied_at from ${fromSchema}.schema_migrations where starts_with(name, $1)`,
    [prefix],
  );
};
