export * from "./calendar-entries";
export * from "./calendar-feed";
