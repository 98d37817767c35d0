import type { Projector } from "@el/projections";
import { migrateProjections } from "@el/projections";
import { applyMigrations, type Migration } from "@el/projections/migrations";
import type { Database } from "@el/projections/sql";
import { APP_TABLE_MIGRATIONS } from "./app-tables";
import { EVENT_STORE_MIGRATIONS } from "./event-store";

/** Every schema change of the backend's own tables, in the order they apply; read models carry their own. */
export const BACKEND_MIGRATIONS: readonly Migration[] = [...EVENT_STORE_MIGRATIONS, ...APP_TABLE_MIGRATIONS];

/**
 * Brings a database to this code's schema in one transaction under the migrations' lock: the backend's
 * migrations not applied yet, then each read model's (its projector's `migrate`). Instances starting together
 * take turns; the second finds everything recorded and changes nothing.
 */
export const migrateDatabase = (db: Database, projectors: readonly Projector[]) =>
  db.transaction(async (tx) => {
    await applyMigrations(tx, BACKEND_MIGRATIONS);
    await migrateProjections(tx, projectors);
  });

export { APP_TABLE_MIGRATIONS, EVENT_STORE_MIGRATIONS };
