import { couponsProjector } from "./coupons";

export * from "./coupons";

export const couponsProjectors = [couponsProjector];
