import { accountStreamEvent } from "@el/domain/accounts/index";
import { readModelMigrations } from "../../migrations";
import { eventByEvent, type Projector } from "../../runner/projector";
import type { Sql } from "../../sql";

/**
 * `password_reset_keys`: which account a reset key (by its SHA-256 digest) was issued to, so a key from an
 * e-mail finds its account. Whether the key still works (unused, unexpired, the latest) is the account's
 * decision; rows are removed once the key is used.
 */
export const passwordResetKeysProjector: Projector = {
  name: "password-reset-keys",
  tables: ["password_reset_keys"],
  handles: ["PasswordResetRequested", "PasswordResetCompleted"],
  migrate: readModelMigrations("password-reset-keys", [
    {
      name: "001-password-reset-keys",
      sql: `
      create table if not exists password_reset_keys (
        key_digest text primary key,
        stream_id text not null,
        expires_at timestamptz not null
      )`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = accountStreamEvent(recorded);
    if (event.type === "PasswordResetRequested")
      await tx.query(
        `insert into password_reset_keys (key_digest, stream_id, expires_at) values ($1, $2, $3)
         on conflict (key_digest) do nothing`,
        [event.data.keyDigest, event.streamId, event.data.expiresAt],
      );
    else if (event.type === "PasswordResetCompleted")
      await tx.query("delete from password_reset_keys where key_digest = $1", [event.data.keyDigest]);
  }),
};

export const findStreamOfResetKey = async (sql: Sql, keyDigest: string) => {
  const { rows } = await sql.query<{ stream_id: string }>(
    "select stream_id from password_reset_keys where key_digest = $1",
    [keyDigest],
  );
  return rows[0]?.stream_id;
};
