import type { HealthDetails, ProjectorHealth } from "@el/domain/shared/health-views";

export { adminAccount, studentAccount } from "../../test/fake-accounts";

export const projector = (name: string, changes: Partial<ProjectorHealth> = {}): ProjectorHealth => ({
  name,
  state: "running",
  position: { transactionId: "812", globalPosition: "1500" },
  lag: 0,
  ...changes,
});

/** `/management/health` as an administrator reads it, with these projectors. */
export const health = (projectors: ProjectorHealth[], status: HealthDetails["status"] = "UP"): HealthDetails => ({
  status,
  components: {
    db: { status: status === "DOWN" ? "DOWN" : "UP", driver: "pg" },
    projections: {
      status: projectors.some((each) => each.state === "stalled") ? "DEGRADED" : "UP",
      details: projectors,
    },
  },
});

export const info = {
  build: { name: "english-lessons", version: "1.4.0", commit: "fd63684" },
  uptime: 7260,
  activeProfiles: ["postgresql"],
  database: "pg",
  mail: "smtp",
  node: "v20.20.2",
};
