import { personalFieldsOf } from "@el/domain/accounts/index";
import type { Database } from "@el/projections/sql";
import { chainAllIn } from "./audit-log";
import { createPersonalDataVault } from "./personal-data";

const PAGE = 1000;

interface Row {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  type: string;
  data: unknown;
}

const valueAt = (data: unknown, path: readonly (string | number)[]) =>
  path.reduce<unknown>(
    (value, step) =>
      typeof value === "object" && value !== null ? (value as Record<string | number, unknown>)[step] : undefined,
    data,
  );

/** Whether an event was written before encryption: it holds personal values, none of them sealed. */
const isLegacy = (row: Row) => {
  const held = personalFieldsOf(row.type, row.stream_id, row.data)
    .map((field) => valueAt(row.data, field.path))
    .filter((value) => value !== undefined && value !== null);
  return held.length > 0 && !held.some((value) => typeof value === "string" && value.startsWith("pd1:"));
};

/**
 * The one-off LGPD migration (`npm run lgpd:encrypt-legacy -w backend`, docs/architecture.md): seals
 * the personal fields of events written before encryption, as the store seals new ones, so erasing their
 * person leaves nothing readable behind. Editing stored events breaks the audit chain from the first one
 * edited, so, in the same transaction and holding the chainer's lock, the links from there on are hashed
 * again; the head hash changes and the operator records the old one (printed) beside the migration.
 * Snapshots are deleted: they are derived, and may hold the plain values. Safe to run again (a sealed event
 * is left alone). Answers how many events it sealed and the chain's head before and after.
 */
export const encryptLegacyEvents = (db: Database) =>
  db.transaction(async (tx) => {
    // Keys are created in this transaction too: all of it happens, or none.
    const vault = createPersonalDataVault(tx);
    await tx.query("select pg_advisory_xact_lock(hashtextextended('es_audit_chain', 0))");
    const headOf = async () =>
      (
        await tx.query<{ hash: string }>(
          `select encode(substring(hashes from octet_length(hashes) - 31 for 32), 'hex') as hash
             from es_audit_chain order by first_link desc limit 1`,
        )
      ).rows[0]?.hash ?? null;
    const headBefore = await headOf();
    let sealed = 0;
    let after = { transactionId: "0", globalPosition: "0" };
    for (;;) {
      const { rows } = await tx.query<Row>(
        `select global_position, transaction_id, stream_id, type, data from es_events
          where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          order by transaction_id, global_position limit ${PAGE}`,
        [after.transactionId, after.globalPosition],
      );
      const last = rows.at(-1);
      if (!last) break;
      after = { transactionId: last.transaction_id, globalPosition: last.global_position };
      for (const row of rows.filter(isLegacy)) {
        const [event] = await vault.seal(row.stream_id, [{ type: row.type, data: row.data }]);
        await tx.query("update es_events set data = $2::jsonb, digest = null where global_position = $1", [
          row.global_position,
          JSON.stringify(event?.data),
        ]);
        sealed++;
      }
    }
    if (sealed > 0) {
      // The chain is written again from the first event: simpler than from the first edited one, and a one-off.
      // The sealed events were stored without a digest (the column says so), so the chainer digests them as stored.
      await tx.query("delete from es_audit_chain");
      await chainAllIn(tx);
      await tx.query(
        "do $$ begin if to_regclass('es_snapshots') is not null then delete from es_snapshots; end if; end $$",
      );
    }
    return { sealed, headBefore, headAfter: await headOf() };
  });
