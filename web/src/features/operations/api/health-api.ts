import { z } from "zod";
import { ApiError, api } from "../../../lib/api";

const Position = z.object({ transactionId: z.string(), globalPosition: z.string() });

/** One read model's projector, as `/management/health` details it to an administrator. */
export const ProjectorHealth = z.object({
  name: z.string(),
  state: z.enum(["starting", "standby", "running", "stalled", "stopped"]),
  position: Position,
  /** Events still to read, capped by the backend for large lags. */
  lag: z.number(),
  error: z.string().optional(),
  failedAt: Position.optional(),
});
export type ProjectorHealth = z.infer<typeof ProjectorHealth>;

/** `GET /management/health` with an administrator's token (backend/src/http/health.ts). */
export const HealthDetails = z.object({
  status: z.enum(["UP", "DEGRADED", "DOWN"]),
  components: z.object({
    db: z.object({ status: z.enum(["UP", "DOWN"]), driver: z.string(), error: z.string().optional() }),
    projections: z.object({ status: z.enum(["UP", "DEGRADED"]), details: z.array(ProjectorHealth) }),
  }),
});
export type HealthDetails = z.infer<typeof HealthDetails>;

/** The details, DOWN included: the backend answers those with 503, which is news to show, not a failed read. */
export const getHealth = async (): Promise<HealthDetails> => {
  try {
    return HealthDetails.parse(await api.get("management/health"));
  } catch (error) {
    const down = error instanceof ApiError && error.status === 503 ? HealthDetails.safeParse(error.body) : undefined;
    if (down?.success) return down.data;
    throw error;
  }
};
