import { couponEventSchemas } from "./coupon";
import { couponCodeEventSchemas } from "./coupon-code";

export * from "./coupon";
export * from "./coupon-code";
export * from "./coupon-requests";
export * from "./coupon-views";

/** The coupons' and their code claims' events, for the event store's registry. */
export const couponEventDefinitions = Object.entries({ ...couponEventSchemas, ...couponCodeEventSchemas }).map(
  ([type, schema]) => ({ type, schema }),
);
