export * from "./push-notifications";
export * from "./push-queries";
