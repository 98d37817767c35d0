export * from "./audit-requests";
export * from "./audit-views";
export * from "./replays";
export * from "./sign-in-audit-views";
export * from "./stream-history";
