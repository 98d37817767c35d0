import { describe, expect, it } from "vitest";
import { applyMigrations, forgetReadModelMigrations, readModelMigrations } from "./migrations";
import type { Sql } from "./sql";

/** A session that keeps `schema_migrations` in memory and notes every other statement it is sent. */
const fakeSession = (recorded: string[] = []) => {
  const sent: string[] = [];
  const sql: Sql = {
    async query<Row>(text: string, params: unknown[] = []) {
      if (text.startsWith("select name from schema_migrations")) {
        const wanted = params[0] as string[];
        return { rows: recorded.filter((name) => wanted.includes(name)).map((name) => ({ name })) as Row[] };
      }
      if (text.startsWith("insert into schema_migrations")) recorded.push(params[0] as string);
      else if (text.startsWith("delete from schema_migrations")) {
        const prefix = params[0] as string;
        recorded.splice(0, recorded.length, ...recorded.filter((name) => !name.startsWith(prefix)));
      } else if (!/advisory_xact_lock|create table if not exists schema_migrations/.test(text)) sent.push(text);
      return { rows: [] };
    },
  };
  return { sql, sent, recorded };
};

describe("applying migrations", () => {
  it("applies those not recorded, in the order listed, and records each", async () => {
    const session = fakeSession(["billing/001-invoices"]);
    const applied = await applyMigrations(session.sql, [
      { name: "billing/001-invoices", up: "create table invoices ()" },
      { name: "billing/002-due-dates", up: "alter table invoices add column due date" },
      {
        name: "billing/003-paid",
        up: async (sql) => void (await sql.query("alter table invoices add column paid date")),
      },
    ]);
    expect(applied).toEqual(["billing/002-due-dates", "billing/003-paid"]);
    expect(session.sent).toEqual([
      "alter table invoices add column due date",
      "alter table invoices add column paid date",
    ]);
    expect(session.recorded).toEqual(["billing/001-invoices", "billing/002-due-dates", "billing/003-paid"]);
  });

  it("refuses a migration listed twice or named outside {area}/{nnn}-{what}, before running any", async () => {
    const session = fakeSession();
    const once = { name: "billing/001-invoices", up: "create table invoices ()" };
    await expect(applyMigrations(session.sql, [once, once])).rejects.toThrow(/listed twice/);
    await expect(applyMigrations(session.sql, [{ name: "billing/invoices", up: "select 1" }])).rejects.toThrow(
      /is not/,
    );
    expect(session.sent).toEqual([]);
  });
});

describe("a read model's migrations", () => {
  const steps = [
    { name: "001-users", sql: "create table users (id int)" },
    { name: "002-trial-credits", sql: "alter table users add column trial_credits int" },
  ];

  it("are recorded under its projector's name, and made again once a rebuild forgot them", async () => {
    const session = fakeSession();
    const migrate = readModelMigrations("users", steps);
    await migrate(session.sql);
    await migrate(session.sql);
    expect(session.recorded).toEqual(["projection:users/001-users", "projection:users/002-trial-credits"]);
    await forgetReadModelMigrations(session.sql, "users");
    expect(session.recorded).toEqual([]);
    await migrate(session.sql);
    expect(session.sent).toEqual([...steps, ...steps].map((step) => step.sql));
  });

  it("forgets only its own: another read model whose name starts the same keeps its record", async () => {
    const session = fakeSession(["projection:users-by-level/001-users-by-level"]);
    await forgetReadModelMigrations(session.sql, "users");
    expect(session.recorded).toEqual(["projection:users-by-level/001-users-by-level"]);
  });
});
