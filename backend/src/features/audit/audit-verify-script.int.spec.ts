import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { givenStudent } from "../../../test/lesson-fixtures";

const run = promisify(execFile);
const backend = path.resolve(import.meta.dirname, "../../..");

/** `npm run audit:verify`, as an operator runs it on the configured database. */
const auditVerify = (databaseUrl: string) =>
  run(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], {
    cwd: backend,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

describe("npm run audit:verify", () => {
  let databaseUrl: string;
  let test: TestApp;
  beforeAll(async () => {
    databaseUrl = await createTestDatabaseUrl();
    test = await createTestApp({ databaseUrl });
    await givenStudent(test.app, { credits: 3 });
  });
  afterAll(() => test.close());

  it("reports the head when every link holds, and the first broken link after a row is edited by SQL", async () => {
    const whole = await auditVerify(databaseUrl);
    expect(whole.code, whole.stdout).toBe(0);
    expect(whole.stdout).toMatch(/\d+ links hold; head [0-9a-f]{64}/);

    const { rows } = await test.db.query<{ global_position: string; stream_id: string }>(
      "select global_position, stream_id from es_events where type = 'CreditsGranted' limit 1",
    );
    const edited = rows[0];
    await test.db.query(`update es_events set data = jsonb_set(data, '{amount}', '300') where global_position = $1`, [
      edited?.global_position,
    ]);
    const broken = await auditVerify(databaseUrl);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`position `);
    expect(broken.stdout).toContain(`:${edited?.global_position}, ${edited?.stream_id} version 2)`);
  });
});
