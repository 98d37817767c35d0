import { couponEventDefinitions } from "@el/domain/coupons/index";
import { couponsProjectors } from "@el/projections/coupons/index";
import type { Feature } from "../feature";
import { couponsRoutes } from "./coupons-routes";

/** Discount coupons: the administrator's section and the student's check of a code before buying. */
export const couponsFeature: Feature = {
  name: "coupons",
  events: couponEventDefinitions,
  projectors: couponsProjectors,
  routes: couponsRoutes,
};
