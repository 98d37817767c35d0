import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { PERSON_REMOVED, type PersonalField, personalFieldsOf } from "@el/domain/accounts/index";
import type { Sql } from "@el/projections/sql";

/**
 * Crypto-shredding (LGPD, docs/architecture.md "Personal data in events"): the event store writes every
 * personal field (domain `personalFieldsOf`) as a token `pd1:{subject}:{base64 of iv, tag, ciphertext}`,
 * AES-256-GCM under the subject's key with the subject as additional data. Keys live in
 * `personal_data_keys`, outside the events: erasing a person sets their key to null, and every reader from
 * then on gets "titular removido" where their data was. The events themselves never change, so the audit
 * chain, which hashes them as stored, stays valid. The table is made by migrations/event-store.ts.
 */

const TOKEN_PREFIX = "pd1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** How long a key read from the table is trusted before it is read again: another instance may erase it. */
const KEY_TTL_MS = 60_000;
/** How many recent tokens' plain values a vault keeps (a few MB), the oldest dropped first. */
const OPENED_KEPT = 20_000;

const isToken = (value: unknown): value is string => typeof value === "string" && value.startsWith(TOKEN_PREFIX);
const subjectOfToken = (token: string) => token.slice(TOKEN_PREFIX.length, token.indexOf(":", TOKEN_PREFIX.length));

export const encryptField = (key: Buffer, subject: string, value: unknown): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(subject));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${TOKEN_PREFIX}${subject}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
};

export const decryptField = (key: Buffer, token: string): unknown => {
  const subject = subjectOfToken(token);
  const bytes = Buffer.from(token.slice(TOKEN_PREFIX.length + subject.length + 1), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(subject));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return JSON.parse(
    Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8"),
  );
};

type Path = PersonalField["path"];

const valueAt = (data: unknown, path: Path): unknown => {
  let value: unknown = data;
  for (const step of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
};

/** A copy of `data` with the value at `path` replaced (only the objects on the path are copied). */
const withValueAt = (data: unknown, path: Path, value: unknown): unknown => {
  if (path.length === 0) return value;
  const [step, ...rest] = path as [string | number, ...Path];
  const copy = Array.isArray(data) ? [...data] : { ...(data as Record<string | number, unknown>) };
  (copy as Record<string | number, unknown>)[step] = withValueAt(
    (data as Record<string | number, unknown>)[step],
    rest,
    value,
  );
  return copy;
};

/** The fields of an event that hold something (null and absent fields say nothing about anyone). */
const heldFields = (type: string, streamId: string, data: unknown) =>
  personalFieldsOf(type, streamId, data).filter((field) => {
    const value = valueAt(data, field.path);
    return value !== undefined && value !== null;
  });

interface CachedKey {
  /** null: the subject was erased; undefined: it has no key (nothing was sealed for it yet). */
  key: Buffer | null | undefined;
  loadedAt: number;
}

export interface EventToSeal {
  type: string;
  data: unknown;
}

export interface PersonalDataVault {
  /** The events' data with every personal field encrypted (or "titular removido" for an erased subject). */
  seal<Event extends EventToSeal>(streamId: string, events: Event[]): Promise<Event[]>;
  /** Loads the keys the events' personal fields need, so `open` can run synchronously on them. */
  prepare(events: readonly { type: string; stream_id: string; data: unknown }[]): Promise<void>;
  /** The data with every personal field readable again, or "titular removido" where the key is gone. */
  open(type: string, streamId: string, data: unknown): unknown;
  /** Destroys the subjects' keys, for good: nothing sealed for them can be read again, nor sealed anew. */
  erase(subjects: readonly string[], sql?: Sql): Promise<void>;
  /** Whether a subject was erased. */
  isErased(subject: string): Promise<boolean>;
}

/**
 * The keys are read once per subject and kept in memory (an append with personal data costs a lookup only
 * the first time a person is seen in a minute). A subject with no row yet gets a key at its first sealed
 * field: two processes creating one at once agree on the row that was inserted first.
 */
export const createPersonalDataVault = (db: Sql): PersonalDataVault => {
  const cache = new Map<string, CachedKey>();
  /**
   * What recent tokens say, sealed here or opened once: every reader of a fresh event (each projector group,
   * stream changes, commands) opens the same tokens, and decrypting was 5 % of a busy server. Only a token's
   * plain value is kept; whether its subject's key is still live is checked on every open, as without it, so an
   * erased person reads "titular removido" all the same. Primitive values only (shared, never copied).
   */
  const opened = new Map<string, string | number | boolean>();
  const remember = (token: string, value: unknown) => {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return;
    if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value as string);
    opened.set(token, value);
  };
  const fresh = (subject: string, now: number) => {
    const cached = cache.get(subject);
    // An erased subject stays erased: only live keys are read again.
    return cached && (cached.key === null || now - cached.loadedAt < KEY_TTL_MS) ? cached : undefined;
  };

  const load = async (subjects: Iterable<string>, create: boolean) => {
    const now = Date.now();
    const missing = [...new Set(subjects)].filter((subject) => {
      const cached = fresh(subject, now);
      return !cached || (create && cached.key === undefined);
    });
    if (missing.length === 0) return;
    if (create) {
      await db.query(
        `insert into personal_data_keys (subject, key)
         select subject, key from unnest($1::text[], $2::text[]) as fresh (subject, key)
         on conflict (subject) do nothing`,
        [missing, missing.map(() => randomBytes(32).toString("base64"))],
      );
    }
    const { rows } = await db.query<{ subject: string; key: string | null }>(
      "select subject, key from personal_data_keys where subject = any($1::text[])",
      [missing],
    );
    for (const subject of missing) cache.set(subject, { key: undefined, loadedAt: now });
    for (const row of rows) {
      cache.set(row.subject, { key: row.key === null ? null : Buffer.from(row.key, "base64"), loadedAt: now });
    }
  };

  const keyOf = (subject: string) => cache.get(subject)?.key;

  const openField = (value: unknown, subject: string): unknown => {
    if (isToken(value)) {
      const key = keyOf(subjectOfToken(value));
      if (!key) return PERSON_REMOVED;
      const known = opened.get(value);
      if (known !== undefined) return known;
      const plain = decryptField(key, value);
      remember(value, plain);
      return plain;
    }
    // Written before encryption (docs/architecture.md): still hidden once its subject is erased.
    return keyOf(subject) === null ? PERSON_REMOVED : value;
  };

  return {
    async seal(streamId, events) {
      const fields = events.map((event) => heldFields(event.type, streamId, event.data));
      if (fields.every((held) => held.length === 0)) return events;
      await load(
        fields.flatMap((held) => held.map((field) => field.subject)),
        true,
      );
      return events.map((event, index) => {
        let data = event.data;
        for (const field of fields[index] as PersonalField[]) {
          const key = keyOf(field.subject);
          const value = valueAt(data, field.path);
          const token = key ? encryptField(key, field.subject, value) : PERSON_REMOVED;
          if (key) remember(token, value);
          data = withValueAt(data, field.path, token);
        }
        return data === event.data ? event : { ...event, data };
      });
    },

    async prepare(rows) {
      const subjects: string[] = [];
      for (const row of rows) {
        for (const field of heldFields(row.type, row.stream_id, row.data)) {
          const value = valueAt(row.data, field.path);
          subjects.push(isToken(value) ? subjectOfToken(value) : field.subject);
        }
      }
      if (subjects.length > 0) await load(subjects, false);
    },

    open(type, streamId, data) {
      const fields = heldFields(type, streamId, data);
      return fields.reduce(
        (opened, field) => withValueAt(opened, field.path, openField(valueAt(opened, field.path), field.subject)),
        data,
      );
    },

    async erase(subjects, sql = db) {
      if (subjects.length === 0) return;
      await sql.query(
        `insert into personal_data_keys (subject, key, erased_at)
         select subject, null, now() from unnest($1::text[]) as erased (subject)
         on conflict (subject) do update set key = null, erased_at = coalesce(personal_data_keys.erased_at, now())`,
        [[...subjects]],
      );
      const now = Date.now();
      for (const subject of subjects) cache.set(subject, { key: null, loadedAt: now });
    },

    async isErased(subject) {
      cache.delete(subject);
      await load([subject], false);
      return keyOf(subject) === null;
    },
  };
};
