export * from "./calendar-entries";
export * from "./calendar-feed";
export * from "./calendar-requests";
