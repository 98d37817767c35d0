export * from "./audit-requests";
export * from "./audit-views";
export * from "./replays";
export * from "./stream-history";
