import { z } from "zod";

/** `GET /management/info`: what is running, for an administrator (JHipster's build and profile details). */
export const ManagementInfo = z.object({
  /** `commit`: `GIT_COMMIT`, when the deployment sets it. */
  build: z.object({ name: z.string(), version: z.string(), commit: z.string().optional() }),
  /** Seconds since the process started. */
  uptime: z.number(),
  activeProfiles: z.array(z.string()),
  database: z.string(),
  mail: z.string(),
  node: z.string(),
});
export type ManagementInfo = z.infer<typeof ManagementInfo>;
