import { randomBytes } from "node:crypto";
import type { Database } from "@el/projections/sql";
import pg from "pg";
import { createPgDatabase } from "../src/database";
import { connectClient } from "../src/database/pg-database";
import { freshPgliteDatabase } from "./pglite";

const adminUrl = () => process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Creates an empty PostgreSQL database for one test file; the run's global teardown drops it. */
export const createTestDatabaseUrl = async (): Promise<string> => {
  const name = `${process.env.TEST_RUN_ID ?? "el_manual"}_${randomBytes(4).toString("hex")}`;
  const admin = await connectClient(() => new pg.Client(adminUrl()));
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A session of its own on `url` whose transaction (`hold`, which takes a transaction id) holds back, for every
 * reader on the server, the appends committed after it began, until `release` ends it without writing anything:
 * nothing then announces those appends again.
 */
export const olderTransaction = async (url: string) => {
  const client = new pg.Client(url);
  await client.connect();
  return {
    async hold() {
      await client.query("begin");
      await client.query("select pg_current_xact_id()");
    },
    release: () => client.query("commit"),
    end: () => client.end(),
  };
};

export interface TestDriver {
  name: "pg" | "pglite";
  open: () => Promise<Database>;
}

/** The two drivers every store and projection test runs against. */
export const drivers: TestDriver[] = [
  { name: "pglite", open: () => freshPgliteDatabase() },
  { name: "pg", open: async () => createPgDatabase(await createTestDatabaseUrl()) },
];
