import path from "node:path";
import type { Database } from "@el/projections";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase, createPgliteDatabase } from "../src/database";
import { createTestDatabaseUrl } from "./databases";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close: () => Promise<void>;
}

/**
 * A whole backend on a fresh database: in-memory PGlite by default, a new PostgreSQL database with
 * `{ driver: "pg" }`. Environment overrides (SMTP_URL, ADMIN_EMAIL…) go in `env`.
 */
export const createTestApp = async (
  options: { driver?: "pg" | "pglite"; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> => {
  const databaseUrl = options.databaseUrl ?? (options.driver === "pg" ? await createTestDatabaseUrl() : undefined);
  const db = databaseUrl ? createPgDatabase(databaseUrl) : await createPgliteDatabase();
  const config = loadConfig({
    JWT_SECRET: "test-secret-test-secret-test-secret",
    DATA_DIR: path.join(process.cwd(), "test-artifacts", "data"),
    WEB_DIST: "/nonexistent",
    ADMIN_EMAIL: "admin@englishlessons.test",
    ADMIN_PASSWORD: "admin-password",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, db });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};
