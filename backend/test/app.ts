import path from "node:path";
import type { Database } from "@el/projections";
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from "fastify";
import { type AppOverrides, buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { createMigratedTestDatabaseUrl, migratedPgliteDatabase } from "./migrated-databases";
import { createOpenApiCheck } from "./openapi-check";

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's database, read as a request reads it: a query first waits until the read models show the
   * writes the app answered before it (`app.pendingWrites`), so a spec checks a command's effect as the
   * caller's next GET would see it.
   */
  db: Database;
  /** Every route the app registered, with its options, in registration order. */
  routes: RouteOptions[];
  close: () => Promise<void>;
}

/**
 * A whole backend on a fresh database: a new PostgreSQL database (a copy of a migrated template) by default, an
 * in-memory PGlite with `{ driver: "pglite" }` (or `TEST_APP_DRIVER=pglite` for every app that names none). PostgreSQL
 * runs natively beside the test instead of as WebAssembly inside it: the suite took half the time and CPU on it. The
 * embedded database stays proven by the store's and projections' specs (each on both) and by the browser journeys. Environment overrides (SMTP_URL, ADMIN_EMAIL…) go in `env`; integrations to use
 * instead of the configured ones (a recording mailer, fixed meeting links) in `overrides`. Every response
 * the app sends is checked against its API document (`openapi-check.ts`): `inject` rejects on a mismatch.
 */
const TEST_POOL_SIZE = 8;

export const createTestApp = async (
  options: {
    driver?: "pg" | "pglite";
    env?: Record<string, string>;
    databaseUrl?: string;
    overrides?: AppOverrides;
    /** Fastify's logger options (a test reads what the product logs through a stream of its own). */
    logger?: FastifyServerOptions["logger"];
    /** Off only in benchmarks, whose figures must not include the check of each response against the document. */
    checkResponses?: boolean;
  } = {},
): Promise<TestApp> => {
  const driver = options.driver ?? (process.env.TEST_APP_DRIVER === "pglite" ? "pglite" : "pg");
  const databaseUrl = options.databaseUrl ?? (driver === "pg" ? await createMigratedTestDatabaseUrl() : undefined);
  // A smaller pool than the product's 20: a test app also holds its projectors' lock sessions, and specs run two or
  // three apps while another file runs beside them, on a server of 100 sessions (PostgreSQL's default, CI's).
  const db = databaseUrl ? createPgDatabase(databaseUrl, { max: TEST_POOL_SIZE }) : await migratedPgliteDatabase();
  const config = loadConfig({
    JWT_SECRET: "test-secret-test-secret-test-secret",
    DATA_DIR: path.join(process.cwd(), "test-artifacts", "data"),
    WEB_DIST: "/nonexistent",
    ADMIN_EMAIL: "admin@englishlessons.test",
    ADMIN_PASSWORD: "admin-password",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const routes: RouteOptions[] = [];
  const openApiCheck = options.checkResponses === false ? undefined : createOpenApiCheck();
  const app = await buildApp({
    config,
    db,
    overrides: options.overrides,
    logger: options.logger,
    onRoute: (route) => {
      routes.push(route);
      openApiCheck?.watch(route);
    },
  });
  openApiCheck?.attach(app);
  const readAfterWrites: Database = Object.assign(Object.create(db) as Database, {
    query: async (...args: Parameters<Database["query"]>) => {
      await app.pendingWrites.shown();
      return db.query(...args);
    },
  }) as Database;
  return {
    app,
    db: readAfterWrites,
    routes,
    close: async () => {
      await app.close();
      await db.close();
      const unreported = openApiCheck?.unreported() ?? [];
      if (unreported.length > 0) throw new Error(`Responses differ from the API document:\n${unreported.join("\n")}`);
    },
  };
};
