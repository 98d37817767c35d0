export * from "./payment-details";
export * from "./purchase";
export * from "./purchase-views";
