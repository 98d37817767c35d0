export * from "./audit-log";
export * from "./chain-hash";
export * from "./encrypt-legacy-events";
export * from "./event-metadata";
export * from "./event-store";
export * from "./personal-data";
export * from "./registry";
export { migrateEventStore } from "./schema";
