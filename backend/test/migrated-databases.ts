import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "@el/projections/sql";
import { emptyPgliteFiles } from "@el/projections/testing/empty-pglite";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createPgDatabase, createPgliteDatabase } from "../src/database";
import { connectClient } from "../src/database/pg-database";
import { features } from "../src/features";
import { migrateDatabase } from "../src/migrations";

/**
 * Databases already at this code's schema, for the test apps: migrating every read model's tables anew took each
 * app about half a second of the two cores, a hundred and fifty times a run. Each worker migrates once (a PGlite
 * cluster it dumps, a PostgreSQL database it copies with `create database … template`); an app starting on a copy
 * finds every migration recorded and applies none, as an instance restarting does.
 */

const adminUrl = () => process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const allProjectors = () => features.flatMap((feature) => feature.projectors);

let pgliteTemplate: Promise<Blob> | undefined;

/** A new in-memory PGlite holding every table of the product and no event. */
export const migratedPgliteDatabase = async (): Promise<Database> => {
  pgliteTemplate ??= (async () => {
    // Migrated in a folder of its own (`Database` hides its PGlite), then read back as the files a new one loads.
    const folder = mkdtempSync(path.join(os.tmpdir(), "el-pglite-migrated-"));
    try {
      const db = await createPgliteDatabase(folder, { template: await emptyPgliteFiles() });
      await migrateDatabase(db, allProjectors());
      await db.close();
      const migrated = await PGlite.create({ dataDir: folder });
      const files = await migrated.dumpDataDir("none");
      await migrated.close();
      return files;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  })();
  return createPgliteDatabase(undefined, { template: await pgliteTemplate });
};

let pgTemplate: Promise<string> | undefined;

const databaseUrl = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new PostgreSQL database holding every table of the product and no event; the run's teardown drops it. */
export const createMigratedTestDatabaseUrl = async (): Promise<string> => {
  const run = process.env.TEST_RUN_ID ?? "el_manual";
  pgTemplate ??= (async () => {
    const name = `${run}_template_${process.pid}`;
    await onServer(`create database ${pg.escapeIdentifier(name)}`);
    const db = createPgDatabase(databaseUrl(name), { max: 1 });
    await migrateDatabase(db, allProjectors());
    await db.close();
    return name;
  })();
  const template = await pgTemplate;
  const name = `${run}_${randomBytes(4).toString("hex")}`;
  await onServer(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
  return databaseUrl(name);
};

const onServer = async (statement: string) => {
  const admin = await connectClient(() => new pg.Client(adminUrl()));
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};
