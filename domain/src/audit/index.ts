export * from "./audit-views";
export * from "./stream-history";
