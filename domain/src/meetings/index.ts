export * from "./google-meetings";
export * from "./meeting-requests";
