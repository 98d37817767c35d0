import { applyMigrations } from "@el/projections/migrations";
import type { Database, Sql } from "@el/projections/sql";
import { EVENT_STORE_MIGRATIONS } from "../migrations/event-store";

/**
 * Brings the store's schema to this code's: the event store's migrations not applied yet (migrations/event-store.ts),
 * under the migrations' lock. A database already there runs no DDL, so an instance starting beside a running one
 * takes none of the table locks its appends and its audit chainer need.
 */
export const migrateEventStore = async (sql: Sql | Database) => {
  await applyMigrations(sql, EVENT_STORE_MIGRATIONS);
};
