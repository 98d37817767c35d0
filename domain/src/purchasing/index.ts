export * from "./payment-details";
export * from "./purchase";
export * from "./purchase-requests";
export * from "./purchase-views";
export * from "./reconciliation";
