import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

/** A real SMTP server on a free port that keeps every message it receives. */
const startSmtpServer = async () => {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
};

/** The link of a received mail, quoted-printable soft line breaks undone. */
const linkIn = (raw: string) => {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = text.match(/https?:\/\/\S+\/account\/reset\/finish\?key=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no reset link in ${raw}`);
  return new URL(match[0]);
};

const requestReset = (test: TestApp, email: string) =>
  test.app.inject({
    method: "POST",
    url: "/api/account/reset-password/init",
    headers: { "content-type": "text/plain" },
    payload: email,
  });

const finishReset = (test: TestApp, key: string, newPassword: string) =>
  test.app.inject({ method: "POST", url: "/api/account/reset-password/finish", payload: { key, newPassword } });

describe("password reset by e-mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let test: TestApp;
  const mailsTo = (email: string) => smtp.received.filter((message) => message.to.includes(email));
  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await createTestApp({ env: { SMTP_URL: smtp.url, BASE_URL: "https://aulas.example.com" } });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  it("mails a link whose key sets a new password once, and only once", async () => {
    const student = await signedUpStudent(test.app);
    const requested = await requestReset(test, student.email);
    expect(requested.statusCode).toBe(200);
    expect(requested.headers["x-app-alert"]).toBe("reset.request.messages.success");

    // The mail is sent after the answer (see "answers known and unknown e-mails alike").
    await expect.poll(() => mailsTo(student.email).length).toBe(1);
    const mail = mailsTo(student.email)[0];
    expect(mail?.raw).toContain("Subject: =?UTF-8?Q?Redefini=C3=A7=C3=A3o_de_senha?=");
    const link = linkIn(mail?.raw ?? "");
    expect(link.origin + link.pathname).toBe("https://aulas.example.com/account/reset/finish");
    const key = link.searchParams.get("key") as string;

    const { rows } = await test.db.query("select data::text as data from es_events");
    expect(
      rows.some((row) => String(row.data).includes(key)),
      "the key itself is never stored",
    ).toBe(false);

    expect((await finishReset(test, key, "nova-senha")).statusCode).toBe(200);
    expect((await authenticate(test.app, student.email, "nova-senha")).statusCode).toBe(200);
    expect((await authenticate(test.app, student.email, student.password)).statusCode).toBe(401);

    const reused = await finishReset(test, key, "outra-senha");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors).toEqual([{ field: "key", message: "reset.finish.messages.error" }]);
    expect((await authenticate(test.app, student.email, "outra-senha")).statusCode).toBe(401);
  });

  it("mails an account once in five minutes however often it is asked, answering each the same", async () => {
    const student = await signedUpStudent(test.app);
    for (let request = 0; request < 3; request++) {
      const response = await requestReset(test, student.email);
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-app-alert"]).toBe("reset.request.messages.success");
    }
    await expect.poll(() => mailsTo(student.email).length).toBe(1);
    const pending = await test.db.query(
      "select 1 from es_events where type = 'PasswordResetRequested' and stream_id = $1",
      [`student-${student.id}`],
    );
    expect(pending.rows).toHaveLength(1);
  });

  it("limits reset requests per address, known e-mails or not, with the same answers", async () => {
    const student = await signedUpStudent(test.app);
    const fromAddress = (email: string, ip: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/account/reset-password/init",
        headers: { "content-type": "text/plain" },
        payload: email,
        remoteAddress: ip,
      });
    const statuses = [];
    for (let request = 1; request <= 10; request++)
      statuses.push((await fromAddress(`quem-${request}@example.com`, "10.21.0.1")).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    for (const email of [student.email, "mais-um@example.com"]) {
      const limited = await fromAddress(email, "10.21.0.1");
      expect([limited.statusCode, limited.json()], email).toEqual([429, { status: 429, message: "error.http.429" }]);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(3000);
    }
    // A stranger's requests do not keep the owner from asking, elsewhere.
    expect((await fromAddress(student.email, "10.21.0.2")).statusCode).toBe(200);
  });

  it("answers the same to an unknown e-mail and sends nothing", async () => {
    const student = await signedUpStudent(test.app);
    expect((await requestReset(test, student.email)).statusCode).toBe(200);
    const response = await requestReset(test, "ninguem@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-app-alert"]).toBe("reset.request.messages.success");
    await expect.poll(() => mailsTo(student.email).length).toBe(1);
    expect(mailsTo("ninguem@example.com")).toEqual([]);
  });

  it("refuses a made-up key", async () => {
    const response = await finishReset(test, "inventada", "nova-senha");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("reset.finish.messages.error");
  });
});

describe("password reset in the embedded default", () => {
  it("writes the mail, link in full, to the outbox folder and logs only where", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    const test = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const student = await signedUpStudent(test.app);
      expect((await requestReset(test, student.email)).statusCode).toBe(200);
      await expect.poll(async () => (await readdir(path.join(dataDir, "outbox")).catch(() => [])).length).toBe(1);
      const files = await readdir(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const mail = await readFile(path.join(dataDir, "outbox", files[0] as string), "utf8");
      expect(mail).toContain(`To: ${student.email}`);
      const key = linkIn(mail).searchParams.get("key") as string;
      expect((await finishReset(test, key, "pelo-outbox")).statusCode).toBe(200);
      expect((await authenticate(test.app, student.email, "pelo-outbox")).statusCode).toBe(200);
    } finally {
      await test.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
