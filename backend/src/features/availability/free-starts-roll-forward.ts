import { rollFreeStartsForward } from "@el/projections/availability/index";
import type { FastifyInstance } from "fastify";
import { startPeriodicSweep } from "../../shared/periodic-sweep";

const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Every process looks once an hour and moves forward the free starts of the teachers whose three weeks
 * end within twenty days, so each teacher's are moved about once a day and always cover the booking horizon;
 * a rebuilt read model, computed as of its events' times, is brought to now within the hour.
 */
export const startFreeStartsRollForward = (app: FastifyInstance) => {
  const sweeps = startPeriodicSweep({
    intervalMs: SWEEP_INTERVAL_MS,
    sweep: () => rollFreeStartsForward(app.db, app.clock.now()),
    onError: (error) => app.log.error({ err: error }, "free starts roll-forward failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
