import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions } from "@el/domain";
import { applyMigrations, forgetReadModelMigrations } from "../migrations";
import type { Database, Sql } from "../sql";
import { advanceCheckpoint, CHECKPOINT_MIGRATIONS, loadCheckpoint, resetCheckpoint } from "./checkpoints";
import { positionOf, sleep } from "./positions";
import { NOTIFY_PROGRESS, PROGRESS_CHANNEL } from "./progress";
import type { EventSource, Projector } from "./projector";
import { applySilently } from "./replay";

/** An operator's tools on one read model, run beside (or instead of) a runner. */

/**
 * The runner's tables, then each read model's: every migration not recorded yet, applied once under the
 * migrations' lock.
 */
export const migrateProjections = async (db: Sql, projectors: readonly Projector[]) => {
  await applyMigrations(db, CHECKPOINT_MIGRATIONS);
  for (const projector of projectors) await projector.migrate(db);
};

/**
 * An operator's explicit decision to step over one event a projector cannot apply: recorded with who
 * and why, then the checkpoint moves past it. Run it while the projector is stalled, then restart.
 */
export const skipEvent = async (
  db: Database,
  name: string,
  event: Position,
  decision: { reason: string; by: string },
) =>
  db.transaction(async (tx) => {
    const checkpoint = await loadCheckpoint(tx, name);
    if (checkpoint.status !== "stalled" || !checkpoint.failedAt || comparePositions(checkpoint.failedAt, event) !== 0) {
      throw new Error(`${name} is not stalled on that event`);
    }
    await tx.query(
      "insert into projection_skips (name, transaction_id, global_position, reason, skipped_by) values ($1, $2::xid8, $3, $4, $5)",
      [name, event.transactionId.toString(), event.globalPosition.toString(), decision.reason, decision.by],
    );
    await advanceCheckpoint(tx, name, checkpoint.position, event);
  });

/** Drops one read model and replays it from the first event, reporting progress as it goes. */
export const rebuildProjection = async (
  db: Database,
  source: EventSource,
  projector: Projector,
  onProgress: (projected: number, remaining: number) => void = () => {},
  /** Called once when a running backend holds the projector, which it keeps until it stops. */
  onWaiting: () => void = () => {},
) => {
  let lock = await db.tryLock(`projection:${projector.name}`);
  if (!lock) onWaiting();
  while (!lock) {
    await sleep(500);
    lock = await db.tryLock(`projection:${projector.name}`);
  }
  try {
    await db.transaction(async (tx) => {
      for (const table of projector.tables) await tx.query(`drop table if exists ${table} cascade`);
      await forgetReadModelMigrations(tx, projector.name);
      await projector.migrate(tx);
      await resetCheckpoint(tx, projector.name);
    });
    // Waiters elsewhere may hold an announced position of the old read model: it starts again from nothing.
    await db
      .query(NOTIFY_PROGRESS, [PROGRESS_CHANNEL, `p:rebuild:${JSON.stringify({ [projector.name]: "0:0" })}`])
      .catch(() => {});
    let position: Position = { transactionId: 0n, globalPosition: 0n };
    let projected = 0;
    for (;;) {
      const batch = await source.readAll(position, 1000);
      if (batch.length === 0) break;
      const last = positionOf(batch[batch.length - 1] as RecordedEvent);
      const from = position;
      await db.transaction(async (tx) => {
        await advanceCheckpoint(tx, projector.name, from, last);
        await applySilently(projector, batch, tx);
      });
      position = last;
      projected += batch.length;
      onProgress(projected, await source.countAfter(position));
    }
    return projected;
  } finally {
    await lock.release();
  }
};
