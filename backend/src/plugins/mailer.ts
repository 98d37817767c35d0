import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a lesson's `.ics`, for instance). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Real delivery over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
};

/**
 * The embedded default: one file per mail in `${dataDir}/outbox`, named so that they sort in sending order,
 * plus a log line naming the file. The body holds its links in full; the log line never does (they carry keys),
 * nor the address (an e-mail in a log outlives its owner's erasure: LGPD).
 */
const outboxMailer = (dataDir: string, from: string, log: (message: string) => void): Mailer => {
  const folder = path.join(dataDir, "outbox");
  let sequence = 0;
  return {
    async send(mail) {
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(folder, `${stamp}-${String(sequence).padStart(6, "0")}.txt`);
      const attached = (mail.attachments ?? [])
        .map((attachment) => `\n--- ${attachment.filename} (${attachment.contentType}) ---\n${attachment.content}`)
        .join("");
      await writeFile(
        file,
        `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached}`,
        "utf8",
      );
      log(`e-mail "${mail.subject}" written to ${file}`);
    },
  };
};

export interface MailerPluginOptions {
  /** Replaces the mailer the configuration chooses (a test records what would be sent). */
  mailer?: Mailer;
}

/** `app.mailer`: SMTP when `SMTP_URL` is set, else the outbox folder. */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, options) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    app.decorate(
      "mailer",
      options.mailer ??
        (smtpUrl ? smtpMailer(smtpUrl, mailFrom) : outboxMailer(dataDir, mailFrom, (message) => app.log.info(message))),
    );
  },
  { name: "mailer", decorators: { fastify: ["config"] } },
);
