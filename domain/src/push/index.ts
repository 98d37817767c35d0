export * from "./push-endpoints";
export * from "./push-notifications";
