import type { Position } from "@el/domain";
import { START } from "@el/domain";
import type { Migration } from "../migrations";
import type { Sql } from "../sql";

/**
 * The runner's own tables: where each projector stands (`projection_checkpoints`) and the events operators
 * stepped over (`projection_skips`). Written `create … if not exists`: databases made before migrations were
 * recorded already have them, and a restored backup holds `projection_skips` without its record.
 */
const CHECKPOINT_TABLES = `
create table if not exists projection_checkpoints (
  name text primary key,
  transaction_id xid8 not null default '0',
  global_position bigint not null default 0,
  status text not null default 'running',
  error text,
  failed_transaction_id xid8,
  failed_global_position bigint,
  updated_at timestamptz not null default now()
);
create table if not exists projection_skips (
  name text not null,
  transaction_id xid8 not null,
  global_position bigint not null,
  reason text not null,
  skipped_by text not null,
  skipped_at timestamptz not null default now()
);
`;

/** The runner's schema changes, applied before the read models' by `migrateProjections`. */
export const CHECKPOINT_MIGRATIONS: readonly Migration[] = [
  { name: "projection-runner/001-checkpoints", up: CHECKPOINT_TABLES },
];

export interface Checkpoint {
  name: string;
  position: Position;
  status: "running" | "stalled";
  error: string | null;
  failedAt: Position | null;
}

interface CheckpointRow {
  name: string;
  transaction_id: string;
  global_position: string;
  status: "running" | "stalled";
  error: string | null;
  failed_transaction_id: string | null;
  failed_global_position: string | null;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  name: row.name,
  position: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
  status: row.status,
  error: row.error,
  failedAt:
    row.failed_transaction_id === null
      ? null
      : { transactionId: BigInt(row.failed_transaction_id), globalPosition: BigInt(row.failed_global_position ?? 0) },
});

export const loadCheckpoint = async (sql: Sql, name: string): Promise<Checkpoint> => {
  await sql.query("insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing", [name]);
  const { rows } = await sql.query<CheckpointRow>("select * from projection_checkpoints where name = $1", [name]);
  return toCheckpoint(rows[0] as CheckpointRow);
};

export const loadCheckpoints = async (sql: Sql, names: readonly string[]): Promise<Checkpoint[]> => {
  const { rows } = await sql.query<CheckpointRow>("select * from projection_checkpoints where name = any($1)", [names]);
  return rows.map(toCheckpoint);
};

/**
 * Moves the checkpoint from `from` to `to`, only if it still is at `from` (compare-and-set): a runner
 * that lost its lock, or a second runner, can never move it twice.
 */
export const advanceCheckpoint = async (sql: Sql, name: string, from: Position, to: Position) => {
  const { rows } = await sql.query(
    `update projection_checkpoints
        set transaction_id = $4::xid8, global_position = $5, status = 'running', error = null,
            failed_transaction_id = null, failed_global_position = null, updated_at = now()
      where name = $1 and transaction_id = $2::xid8 and global_position = $3
      returning name`,
    [
      name,
      from.transactionId.toString(),
      from.globalPosition.toString(),
      to.transactionId.toString(),
      to.globalPosition.toString(),
    ],
    // Once per applied batch: parsed and planned once per connection.
    { prepareAs: "projection_checkpoint_advance" },
  );
  if (rows.length !== 1) throw new CheckpointMoved(name);
};

/**
 * `advanceCheckpoint` for several projectors in one statement (one round trip), all moving to `to`: each
 * moves only if it still is at its own `from`, and if any of them was moved by someone else the whole
 * call throws, so the transaction it runs in writes nothing.
 */
export const advanceCheckpoints = async (
  sql: Sql,
  moves: readonly { name: string; from: Position }[],
  to: Position,
) => {
  if (moves.length === 1) {
    const [move] = moves as [{ name: string; from: Position }];
    return advanceCheckpoint(sql, move.name, move.from, to);
  }
  const { rows } = await sql.query<{ name: string }>(
    `update projection_checkpoints as checkpoint
        set transaction_id = $4::xid8, global_position = $5, status = 'running', error = null,
            failed_transaction_id = null, failed_global_position = null, updated_at = now()
       from unnest($1::text[], $2::xid8[], $3::bigint[]) as expected (name, transaction_id, global_position)
      where checkpoint.name = expected.name
        and checkpoint.transaction_id = expected.transaction_id
        and checkpoint.global_position = expected.global_position
      returning checkpoint.name`,
    [
      moves.map((move) => move.name),
      moves.map((move) => move.from.transactionId.toString()),
      moves.map((move) => move.from.globalPosition.toString()),
      to.transactionId.toString(),
      to.globalPosition.toString(),
    ],
    { prepareAs: "projection_checkpoints_advance" },
  );
  const moved = new Set(rows.map((row) => row.name));
  const refused = moves.find((move) => !moved.has(move.name));
  if (refused) throw new CheckpointMoved(refused.name);
};

export const markStalled = (sql: Sql, name: string, at: Position, error: string) =>
  sql.query(
    `update projection_checkpoints
        set status = 'stalled', error = $2, failed_transaction_id = $3::xid8, failed_global_position = $4, updated_at = now()
      where name = $1`,
    [name, error, at.transactionId.toString(), at.globalPosition.toString()],
  );

export const resetCheckpoint = (sql: Sql, name: string) =>
  sql.query(
    `insert into projection_checkpoints (name) values ($1)
       on conflict (name) do update set transaction_id = '0', global_position = 0, status = 'running', error = null,
         failed_transaction_id = null, failed_global_position = null, updated_at = now()`,
    [name],
  );

export class CheckpointMoved extends Error {
  constructor(readonly projector: string) {
    super(`The checkpoint of ${projector} was moved by someone else`);
  }
}

export { START };
