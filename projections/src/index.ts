export * from "./runner/blue-green";
export * from "./runner/checkpoints";
export * from "./runner/live-runs";
export * from "./runner/projector";
export * from "./runner/replay";
export * from "./runner/runner";
export type { Database, Sql } from "./sql";
