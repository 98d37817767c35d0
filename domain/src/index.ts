export * from "./shared/command";
export * from "./shared/decider";
export * from "./shared/errors";
export * from "./shared/events";
export * from "./shared/streams";
