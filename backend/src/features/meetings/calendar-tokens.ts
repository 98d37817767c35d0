import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Sql } from "@el/projections";

/**
 * Teachers' Google refresh tokens, kept out of the event store (an event is forever and copied into every
 * export; a token must be deletable when the teacher disconnects) and encrypted at rest with AES-256-GCM
 * under a key derived from `GOOGLE_TOKEN_KEY`. Not a read model: no event makes these rows. Their table:
 * migrations/app-tables.ts.
 */

const keyOf = (secret: string) => createHash("sha256").update(`google-calendar-tokens:${secret}`).digest();

export const seal = (secret: string, token: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
};

/** The token, or undefined when it was sealed under another key (the key changed) or altered. */
export const unseal = (secret: string, text: string) => {
  const [iv, tag, sealed] = text.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
};

export const storeCalendarToken = (sql: Sql, secret: string, teacherId: number, token: string) =>
  sql.query(
    `insert into google_calendar_tokens (teacher_id, sealed, updated_at) values ($1, $2, now())
     on conflict (teacher_id) do update set sealed = $2, updated_at = now()`,
    [teacherId, seal(secret, token)],
  );

export const calendarTokenOf = async (sql: Sql, secret: string, teacherId: number) => {
  const { rows } = await sql.query<{ sealed: string }>(
    "select sealed from google_calendar_tokens where teacher_id = $1",
    [teacherId],
  );
  return rows[0] ? unseal(secret, rows[0].sealed) : undefined;
};

/** Deletes the teacher's token and answers it (to revoke it at Google), if there was one. */
export const removeCalendarToken = async (sql: Sql, secret: string, teacherId: number) => {
  const { rows } = await sql.query<{ sealed: string }>(
    "delete from google_calendar_tokens where teacher_id = $1 returning sealed",
    [teacherId],
  );
  return rows[0] ? unseal(secret, rows[0].sealed) : undefined;
};

/**
 * Tokens of teachers no longer connected (their account was deleted or erased) and older than `before`:
 * the age leaves alone a token just stored whose connection the read model does not show yet.
 */
export const orphanCalendarTokens = async (sql: Sql, secret: string, before: Date) => {
  const { rows } = await sql.query<{ teacher_id: string; sealed: string }>(
    `select teacher_id, sealed from google_calendar_tokens t
      where updated_at < $1
        and not exists (select 1 from google_calendar_connections c where c.teacher_id = t.teacher_id)`,
    [before.toISOString()],
  );
  return rows.map((row) => ({
    teacherId: Number(row.teacher_id),
    sealed: row.sealed,
    token: unseal(secret, row.sealed),
  }));
};

/** Deletes the token as it was read (a newer one stored meanwhile, by a new connection, stays). */
export const removeCalendarTokenIfUnchanged = (sql: Sql, teacherId: number, sealed: string) =>
  sql.query("delete from google_calendar_tokens where teacher_id = $1 and sealed = $2", [teacherId, sealed]);
