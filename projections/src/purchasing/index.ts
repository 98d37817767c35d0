export * from "./purchase-payment-history";
export * from "./purchases";
