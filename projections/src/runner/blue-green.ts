import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, START } from "@el/domain";
import { adoptReadModelMigrations } from "../migrations";
import type { Database } from "../sql";
import type { EventSource, Projector } from "./projector";
import { applySilently, dropSchema, inSchema, schemaIdentifier } from "./replay";

/**
 * A blue/green rebuild: the new version of a read model is built beside the live one, in `green_{name}`,
 * while the live one keeps answering and its runner keeps projecting; once the new one has caught up, one
 * transaction swaps the tables and moves the projector's checkpoint to where the new version stands:
 * - it takes the live tables' `access exclusive` lock first, so reads that arrive during the swap wait for
 *   it (a moment) and then read the new tables: never no table, never a half-built one;
 * - then the checkpoint's row, so the live runner cannot commit a batch in between; if the live runner is
 *   ahead of the new version (events arrived since its last catch-up) it lets go and catches up again;
 * - the live tables move to `blue_{name}` (kept until the next blue/green rebuild, to compare or go back),
 *   the new ones to the live schema, and the checkpoint to the new version's position.
 * The live runner's next commit then finds its checkpoint moved: it hands the projector back and takes it
 * again from the stored checkpoint (runner.ts, LeaseLost), projecting what came after onto the new tables.
 */

const schemaPart = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, "_");
export const greenSchema = (projector: Projector) => `green_${schemaPart(projector.name)}`;
export const blueSchema = (projector: Projector) => `blue_${schemaPart(projector.name)}`;

const positionOf = (event: RecordedEvent): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

export interface BlueGreenOptions {
  db: Database;
  source: Pick<EventSource, "readAll" | "countAfter">;
  projector: Projector;
  onProgress?: (projected: number, remaining: number) => void;
  batchSize?: number;
  /** Swaps tried before the new version is switched in even if the live one is a few events ahead. */
  maxSwitchAttempts?: number;
}

export const rebuildBlueGreen = async (options: BlueGreenOptions) => {
  const { db, source, projector } = options;
  const batchSize = options.batchSize ?? 5000;
  const maxAttempts = options.maxSwitchAttempts ?? 20;
  const green = greenSchema(projector);
  const blue = blueSchema(projector);
  const { rows: current } = await db.query<{ schema: string }>("select current_schema() as schema");
  const live = schemaIdentifier(current[0]?.schema ?? "public");

  await dropSchema(db, green);
  await db.query(`create schema ${schemaIdentifier(green)}`);
  await inSchema(db, green, (tx) => projector.migrate(tx));

  let position: Position = START;
  let projected = 0;
  const catchUp = async () => {
    for (;;) {
      const batch = await source.readAll(position, batchSize);
      if (batch.length === 0) return;
      await inSchema(db, green, (tx) => applySilently(projector, batch, tx));
      position = positionOf(batch[batch.length - 1] as RecordedEvent);
      projected += batch.length;
      options.onProgress?.(projected, await source.countAfter(position));
    }
  };

  for (let attempt = 1; ; attempt++) {
    await catchUp();
    const switched = await db.transaction(async (tx) => {
      // The live projector's checkpoint first, then its tables: the runner's transactions take them in that
      // order (the checkpoint's compare-and-set, then the rows), so the switch never deadlocks with one. Once
      // the checkpoint is held, the live version cannot move on.
      const { rows } = await tx.query<{ transaction_id: string; global_position: string }>(
        "select transaction_id, global_position from projection_checkpoints where name = $1 for update",
        [projector.name],
      );
      for (const table of projector.tables) {
        const { rows: found } = await tx.query<{ found: string | null }>("select to_regclass($1)::text as found", [
          `${current[0]?.schema ?? "public"}.${table}`,
        ]);
        if (found[0]?.found) await tx.query(`lock table ${live}.${table} in access exclusive mode`);
      }
      const checkpoint = rows[0];
      const livePosition = checkpoint
        ? { transactionId: BigInt(checkpoint.transaction_id), globalPosition: BigInt(checkpoint.global_position) }
        : START;
      if (comparePositions(livePosition, position) > 0 && attempt < maxAttempts) return false;
      await tx.query(`drop schema if exists ${schemaIdentifier(blue)} cascade`);
      await tx.query(`create schema ${schemaIdentifier(blue)}`);
      for (const table of projector.tables) {
        await tx.query(`alter table if exists ${live}.${table} set schema ${schemaIdentifier(blue)}`);
        await tx.query(`alter table ${schemaIdentifier(green)}.${table} set schema ${live}`);
      }
      await adoptReadModelMigrations(tx, projector.name, schemaIdentifier(green), live);
      await tx.query(
        `insert into projection_checkpoints (name, transaction_id, global_position) values ($1, $2::xid8, $3)
           on conflict (name) do update set transaction_id = excluded.transaction_id,
             global_position = excluded.global_position, status = 'running', error = null,
             failed_transaction_id = null, failed_global_position = null, updated_at = now()`,
        [projector.name, position.transactionId.toString(), position.globalPosition.toString()],
      );
      return true;
    });
    if (switched) break;
  }
  await dropSchema(db, green);
  return projected;
};
