import { z } from "zod";

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

/**
 * `GET /management/health` with an administrator's token, in JHipster's health shape: UP, DEGRADED while a
 * projector is stalled, DOWN (answered with 503) without the database.
 */
export const HealthDetails = z.object({
  status: z.enum(["UP", "DEGRADED", "DOWN"]),
  components: z.object({
    db: z.object({
      status: z.enum(["UP", "DOWN"]),
      driver: z.string(),
      error: z.string().optional(),
      /**
       * The pool and each session the process keeps open for itself (LISTEN wake-ups, the socket.io
       * adapter's LISTEN, a projector's lock): DOWN while lost and being reopened, how often each was lost.
       */
      connections: z
        .array(
          z.object({
            name: z.string(),
            status: z.enum(["UP", "DOWN"]),
            lost: z.number(),
            lastError: z.string().optional(),
          }),
        )
        .optional(),
    }),
    projections: z.object({ status: z.enum(["UP", "DEGRADED"]), details: z.array(ProjectorHealth) }),
  }),
});
export type HealthDetails = z.infer<typeof HealthDetails>;

/** What anyone may know (and the liveness and readiness probes answer): whether the service is up. */
export const HealthStatus = z.object({ status: z.enum(["UP", "DOWN"]) });
export type HealthStatus = z.infer<typeof HealthStatus>;
