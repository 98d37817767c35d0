import { parseArgs } from "node:util";
import type { Position } from "@el/domain";
import type { Database, Projector } from "@el/projections";
import { loadCheckpoints, migrateProjections, skipEvent } from "@el/projections";
import { UnknownProjector } from "./rebuild";

export class NotStalled extends Error {
  constructor(readonly projector: string) {
    super(`${projector} is not stalled: there is no event to skip`);
    this.name = "NotStalled";
  }
}

export interface SkipArguments {
  name: string;
  reason: string;
  by: string;
}

export const SKIP_USAGE = 'usage: npm run projections:skip -- <name> --reason "why it is safe to skip" --by <who>';

/** Reads `<name> --reason … --by …`; a skip is a recorded decision, so both are required. */
export const parseSkipArguments = (args: readonly string[]): SkipArguments | { error: string } => {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { reason: { type: "string" }, by: { type: "string" } },
      allowPositionals: true,
    });
    const [name, ...extra] = positionals;
    const reason = values.reason?.trim();
    const by = values.by?.trim();
    if (!name || extra.length > 0) return { error: "name exactly one read model" };
    if (!reason) return { error: "--reason is required: it is kept with the skip" };
    if (!by) return { error: "--by is required: it is kept with the skip" };
    return { name, reason, by };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

export interface SkippedEvent {
  position: Position;
  /** The stalled projector's error on that event. */
  error: string | null;
  type?: string;
  streamId?: string;
}

/**
 * An operator's way past an event a projector cannot apply: finds the event the projector `name` is
 * stalled on (from its stored stall, never from a position typed by hand), records the skip with its
 * reason and author, and moves the checkpoint past it. The projector resumes after the next restart.
 */
export const skipStalledEvent = async (options: {
  db: Database;
  projectors: readonly Projector[];
  name: string;
  reason: string;
  by: string;
}): Promise<SkippedEvent> => {
  const { db, name } = options;
  if (!options.projectors.some((projector) => projector.name === name)) {
    throw new UnknownProjector(
      name,
      options.projectors.map((projector) => projector.name),
    );
  }
  await migrateProjections(db, []);
  const [checkpoint] = await loadCheckpoints(db, [name]);
  if (checkpoint?.status !== "stalled" || !checkpoint.failedAt) throw new NotStalled(name);
  const position = checkpoint.failedAt;
  // Checked again inside skipEvent's transaction: a projector resumed meanwhile is not skipped over.
  await skipEvent(db, name, position, { reason: options.reason, by: options.by });
  const { rows } = await db.query<{ type: string; stream_id: string }>(
    "select type, stream_id from es_events where transaction_id = $1::xid8 and global_position = $2",
    [position.transactionId.toString(), position.globalPosition.toString()],
  );
  return { position, error: checkpoint.error, type: rows[0]?.type, streamId: rows[0]?.stream_id };
};

export const skippedLine = (name: string, skipped: SkippedEvent) =>
  `${name}: skipped event ${skipped.position.globalPosition}` +
  (skipped.type ? ` (${skipped.type} in ${skipped.streamId})` : "") +
  (skipped.error ? `, which failed with: ${skipped.error}` : "") +
  ". Restart the backend to resume the projector.";
