import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { bearer, signedUpStudent, studentForm } from "../../test/accounts-fixtures";
import { createTestApp } from "../../test/app";

/** What the product logs, one JSON line each, as it would reach a log collector. */
const recordedLogs = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
};

// Every append fails inside the database, as on a full disk, after the driver got the events as parameters.
const REFUSE_APPENDS = `
  create function refuse_appends() returns trigger language plpgsql as $$
  begin raise exception 'could not extend file: No space left on device'; end $$;
  create trigger refuse_appends before insert on es_events for each row execute function refuse_appends();`;

describe.each(["pglite", "pg"] as const)("the logs of a failing command on %s", (driver) => {
  it("hold the failure but none of the query's parameters: no e-mail, phone, password or its hash", async () => {
    const logs = recordedLogs();
    const test = await createTestApp({ driver, logger: logs.logger });
    try {
      const student = await signedUpStudent(test.app, { phone: "(11)91234-5678" });
      const { rows } = await test.app.db.query<{ password_hash: string }>(
        // The e-mail is sealed in the event (LGPD): the stream is found through the users read model.
        `select e.data->>'passwordHash' as password_hash from es_events e join users u on u.stream_id = e.stream_id
          where e.type = 'StudentRegistered' and u.email = $1`,
        [student.email],
      );
      const passwordHash = rows[0]?.password_hash as string;
      expect(passwordHash).toMatch(/^\$argon2id\$/);
      await test.app.db.query(REFUSE_APPENDS);

      const form = studentForm({ phone: "(21)98765-4321", password: "segredo-da-bia" });
      const registration = await test.app.inject({ method: "POST", url: "/api/register", payload: form });
      const passwordChange = await test.app.inject({
        method: "POST",
        url: "/api/account/change-password",
        headers: bearer(student.token),
        payload: { currentPassword: student.password, newPassword: "outra-senha-da-ana" },
      });
      expect([registration.statusCode, passwordChange.statusCode]).toEqual([500, 500]);

      const failures = logs.lines.filter((line) => line.includes("request failed"));
      expect(failures).toHaveLength(2);
      expect(failures.join("\n")).toContain("No space left on device");
      const written = logs.lines.join("\n");
      for (const secret of [
        form.email,
        "98765-4321",
        "segredo-da-bia",
        student.email,
        "91234-5678",
        student.password,
        "outra-senha-da-ana",
        "$argon2id$",
        passwordHash.slice(-20),
      ]) {
        expect(written, secret).not.toContain(secret);
      }
    } finally {
      await test.close();
    }
  });
});
