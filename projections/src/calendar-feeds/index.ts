export * from "./calendar-feeds";
