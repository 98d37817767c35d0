import { randomBytes } from "node:crypto";
import { invalid, notFound } from "@el/domain";
import { REPLAYED_WITH, type ReplayStatus, type ReplayView, replayScreensOf } from "@el/domain/audit/replays";
import {
  type Database,
  dropSchema,
  inSchema,
  type Projector,
  ReplayCancelled,
  type ReplaySource,
  replayProjection,
  type Sql,
} from "@el/projections";

/**
 * Replays to a moment. Each one is a row of `audit_replays` (what was asked, by whom, how far it
 * got) and a schema `replay_{id}` holding the read model's own tables as of `at`. It runs in the process that
 * was asked, in the background, through `replayProjection`: the projector's SQL only, never the runner, so no
 * push, e-mail or payment can come out of it. The rows are shared, so any instance answers its status; a
 * replay whose process stopped is found by its stale heartbeat and marked failed. Replays are dropped
 * `ttlMs` after they were asked for, by whichever process sweeps first. Their table: migrations/app-tables.ts.
 */

/** A running replay writes its progress at most this often; one silent for `STALE_MS` has lost its process. */
const PROGRESS_EVERY_MS = 250;
const STALE_MS = 60_000;

export const replaySchema = (id: string) => `replay_${id}`;

interface ReplayRow {
  id: string;
  projection: string;
  at: Date | string;
  status: ReplayStatus;
  replayed: string | number;
  total: string | number;
  error: string | null;
  requested_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toView = (row: ReplayRow): ReplayView => ({
  id: row.id,
  projection: row.projection,
  at: iso(row.at),
  status: row.status,
  replayed: Number(row.replayed),
  total: Number(row.total),
  error: row.error,
  requestedBy: row.requested_by,
  createdAt: iso(row.created_at),
  finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  expiresAt: iso(row.expires_at),
  screens: replayScreensOf(row.projection, row.id),
});

export interface ReplaysOptions {
  db: Database;
  source: ReplaySource;
  projectors: readonly Projector[];
  ttlMs: number;
  /** Told of every change of a replay (the realtime gateway pushes it to auditors). */
  onChange: (replay: ReplayView) => void;
  log: (message: string, details: Record<string, unknown>) => void;
  batchSize?: number;
}

export const createReplays = (options: ReplaysOptions) => {
  const { db, source, ttlMs, onChange, log } = options;
  /** The replays this process runs: deleting one stops it at its next batch. */
  const running = new Map<string, { cancelled: boolean; done: Promise<void> }>();

  const find = async (sql: Sql, id: string) => {
    const { rows } = await sql.query<ReplayRow>("select * from audit_replays where id = $1", [id]);
    return rows[0] ? toView(rows[0]) : null;
  };

  const update = async (id: string, set: string, params: unknown[]) => {
    const { rows } = await db.query<ReplayRow>(
      `update audit_replays set heartbeat_at = now(), ${set} where id = $1 returning *`,
      [id, ...params],
    );
    if (rows[0]) onChange(toView(rows[0]));
  };

  /** The projector named and those its read endpoints need too (`REPLAYED_WITH`), into one schema. */
  const replayedTogether = (projector: Projector) => [
    projector,
    ...(REPLAYED_WITH[projector.name] ?? []).flatMap((name) =>
      options.projectors.filter((candidate) => candidate.name === name),
    ),
  ];

  const run = async (id: string, projector: Projector, at: Date, state: { cancelled: boolean }) => {
    let reportedAt = 0;
    let replayed = 0;
    try {
      for (const each of replayedTogether(projector)) {
        const before = replayed;
        replayed += await replayProjection({
          db,
          source,
          projector: each,
          schema: replaySchema(id),
          at,
          batchSize: options.batchSize,
          cancelled: () => state.cancelled,
          onProgress: async (count) => {
            if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
            reportedAt = Date.now();
            await update(id, "replayed = $2, total = greatest(total, $2)", [before + count]);
          },
        });
      }
      await update(id, "status = 'done', replayed = $2, total = $2, finished_at = now()", [replayed]);
    } catch (error) {
      if (error instanceof ReplayCancelled || state.cancelled) return;
      log("replay failed", { replay: id, projection: projector.name, error: String(error) });
      await update(id, "status = 'failed', error = $2, finished_at = now()", [String(error)]).catch(() => {});
    }
  };

  const countUpTo = async (at: Date, types: readonly string[]) => {
    const { rows } = await db.query<{ count: string | number }>(
      "select count(*) as count from es_events where recorded_at <= $1::timestamptz and type = any($2::text[])",
      [at.toISOString(), [...types]],
    );
    return Number(rows[0]?.count ?? 0);
  };

  const remove = async (id: string) => {
    const state = running.get(id);
    if (state) {
      state.cancelled = true;
      await state.done;
    }
    const { rows } = await db.query<ReplayRow>("delete from audit_replays where id = $1 returning *", [id]);
    await dropSchema(db, replaySchema(id));
    return rows[0] ? toView(rows[0]) : null;
  };

  return {
    projections: () => options.projectors.map((projector) => projector.name),

    async start(projection: string, at: Date, requestedBy: string): Promise<ReplayView> {
      const projector = options.projectors.find((candidate) => candidate.name === projection);
      if (!projector) throw invalid("audit.replays.error.projection", "projection");
      const id = randomBytes(9)
        .toString("base64url")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "0")
        .slice(0, 12);
      const total = (await Promise.all(replayedTogether(projector).map((each) => countUpTo(at, each.handles)))).reduce(
        (sum, count) => sum + count,
        0,
      );
      const { rows } = await db.query<ReplayRow>(
        `insert into audit_replays (id, projection, at, status, total, requested_by, expires_at)
         values ($1, $2, $3, 'running', $4, $5, now() + make_interval(secs => $6::float8 / 1000)) returning *`,
        [id, projection, at.toISOString(), total, requestedBy, ttlMs],
      );
      const view = toView(rows[0] as ReplayRow);
      const state = { cancelled: false, done: Promise.resolve() };
      running.set(id, state);
      state.done = run(id, projector, at, state).finally(() => running.delete(id));
      onChange(view);
      return view;
    },

    list: async () =>
      (await db.query<ReplayRow>("select * from audit_replays order by created_at desc, id")).rows.map(toView),

    get: (id: string) => find(db, id),

    /**
     * The finished replay's schema, for the read endpoints; 404 while it runs, failed or unknown. Given the
     * read model an endpoint reads, a replay of another one (whose schema lacks its tables) is refused: 400.
     */
    async readable(id: string, projection?: string) {
      const replay = await find(db, id);
      if (replay?.status !== "done") throw notFound("audit.replays.error.notReady");
      const holds = [replay.projection, ...(REPLAYED_WITH[replay.projection] ?? [])];
      if (projection !== undefined && !holds.includes(projection)) {
        throw invalid("audit.replays.error.otherProjection", "replay");
      }
      return { replay, schema: replaySchema(id) };
    },

    /** Runs `work` on the replay's tables, through the read model's own queries (see `inSchema`). */
    async read<T>(id: string, work: (sql: Sql) => Promise<T>, projection?: string) {
      const { schema } = await this.readable(id, projection);
      return inSchema(db, schema, work);
    },

    remove,

    /** Drops expired replays, and marks failed those whose process stopped while running them. */
    async sweep() {
      const { rows } = await db.query<{ id: string }>("select id from audit_replays where expires_at <= now()");
      for (const { id } of rows) await remove(id);
      const { rows: lost } = await db.query<ReplayRow>(
        `update audit_replays set status = 'failed', error = 'interrupted', finished_at = now()
          where status = 'running' and heartbeat_at < now() - make_interval(secs => $1::float8 / 1000)
            and not (id = any($2::text[]))
          returning *`,
        [STALE_MS, [...running.keys()]],
      );
      for (const row of lost) onChange(toView(row));
      return rows.length;
    },

    async close() {
      for (const state of running.values()) state.cancelled = true;
      await Promise.all([...running.values()].map((state) => state.done));
    },
  };
};

export type Replays = ReturnType<typeof createReplays>;
