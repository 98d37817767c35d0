import { unknownSignInDay, unknownSignInStreams } from "@el/domain/accounts/index";
import { forgetSignIns } from "@el/projections/audit/index";
import type { FastifyInstance } from "fastify";
import { startPeriodicSweep } from "../../shared/periodic-sweep";

/** How long the sign-ins of logins no account has are kept readable (docs/operations.md). */
export const UNKNOWN_SIGN_IN_RETENTION_DAYS = 90;
const SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Shreds the sign-ins of logins no account has once they are past their retention: the key of each day's
 * `unknown-sign-ins-{day}` (and of each `sign-in-{login}` older versions wrote) is destroyed, so their login and
 * address read "titular removido" everywhere, records stored before they were sealed included, and the audits
 * forget them too. The events stay, so the audit chain stays whole. Safe to run again and in every process.
 * Answers the streams it shredded.
 */
export const shredExpiredSignIns = async (app: FastifyInstance, now: Date) => {
  const cutoff = new Date(now.getTime() - UNKNOWN_SIGN_IN_RETENTION_DAYS * DAY_MS);
  const { rows } = await app.db.query<{ stream_id: string }>(
    `select s.stream_id from es_streams s
      where ((s.stream_id like 'unknown-sign-ins-%' and s.stream_id < $1)
             or (s.stream_id like 'sign-in-%'
                 and not exists (select 1 from es_events e where e.stream_id = s.stream_id and e.recorded_at >= $2)))
        and not exists (select 1 from personal_data_keys k where k.subject = s.stream_id and k.key is null)`,
    [unknownSignInStreams.id(unknownSignInDay(cutoff)), cutoff.toISOString()],
  );
  const streams = rows.map((row) => row.stream_id);
  if (streams.length === 0) return [];
  await app.eventStore.personalData.erase(streams);
  const { rows: positions } = await app.db.query<{ global_position: string }>(
    "select global_position::text as global_position from es_events where stream_id = any($1::text[])",
    [streams],
  );
  await forgetSignIns(
    app.db,
    positions.map((row) => row.global_position),
  );
  return streams;
};

/** Every process looks once an hour: a day's records are shredded within an hour of their ninetieth day. */
export const startUnknownSignInRetention = (app: FastifyInstance) => {
  const sweeps = startPeriodicSweep({
    intervalMs: SWEEP_INTERVAL_MS,
    sweep: () => shredExpiredSignIns(app, app.clock.now()),
    onError: (error) => app.log.error({ err: error }, "sign-in retention sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
