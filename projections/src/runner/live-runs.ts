import type { RecordedEvent } from "@el/domain";
import type { Sql } from "../sql";
import type { EvolveOne, Push } from "./projector";

/**
 * An `evolve` made of runs: consecutive events that `inRun` accepts (two or more) are applied together by
 * `applyRun`, which answers their pushes; every other event by `apply`, one at a time, in order. Each push carries the
 * `recordedAt` of its event, or of the last of its run, unless it has its own.
 */
export const applyInRuns = async (
  events: readonly RecordedEvent[],
  tx: Sql,
  inRun: (event: RecordedEvent) => boolean,
  applyRun: (run: readonly RecordedEvent[], tx: Sql) => Promise<Push[]>,
  apply: EvolveOne,
): Promise<Push[]> => {
  const pushes: Push[] = [];
  const stamped = (produced: Push[], event: RecordedEvent) => {
    for (const push of produced) pushes.push({ recordedAt: event.recordedAt.getTime(), ...push });
  };
  let run: RecordedEvent[] = [];
  const flush = async () => {
    const last = run.at(-1);
    if (run.length > 1 && last) stamped(await applyRun(run, tx), last);
    else if (last) stamped((await apply(last, tx)) ?? [], last);
    run = [];
  };
  for (const event of events) {
    if (inRun(event)) {
      run.push(event);
      continue;
    }
    await flush();
    stamped((await apply(event, tx)) ?? [], event);
  }
  await flush();
  return pushes;
};
