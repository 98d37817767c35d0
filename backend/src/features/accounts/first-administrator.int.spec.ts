import { afterEach, describe, expect, it, vi } from "vitest";
import { authenticate, bearer } from "../../../test/accounts-fixtures";
import { createTestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";

describe("the first administrator", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is created once from ADMIN_EMAIL and ADMIN_PASSWORD, and not again at the next start", async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const env = { ADMIN_EMAIL: "Chefe@Example.com", ADMIN_PASSWORD: "senha-do-chefe" };
    const first = await createTestApp({ databaseUrl, env });
    try {
      const signedIn = await authenticate(first.app, "chefe@example.com", "senha-do-chefe");
      expect(signedIn.statusCode).toBe(200);
      const me = await first.app.inject({
        method: "GET",
        url: "/api/account",
        headers: bearer(signedIn.json().id_token),
      });
      expect(me.json()).toMatchObject({ login: "chefe@example.com", authorities: ["ROLE_ADMIN", "ROLE_USER"] });
    } finally {
      await first.close();
    }
    const second = await createTestApp({ databaseUrl, env: { ...env, ADMIN_PASSWORD: "outra-senha" } });
    try {
      const { rows } = await second.db.query<{ count: string }>(
        "select count(*) as count from users where kind = 'admin'",
      );
      expect(Number(rows[0]?.count)).toBe(1);
      expect((await authenticate(second.app, "chefe@example.com", "outra-senha")).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it("without them, gets a generated password printed on the console that signs in", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
      printed.push(parts.join(" "));
    });
    const test = await createTestApp({ env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    try {
      const output = printed.join("\n");
      const password = output.match(/Password \(shown only this once\): (\S+)/)?.[1];
      expect(password, output).toBeDefined();
      expect(output).toContain("admin@englishlessons.local");
      expect((await authenticate(test.app, "admin@englishlessons.local", password as string)).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});
