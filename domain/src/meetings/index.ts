export * from "./google-meetings";
