import { placementEventDefinitions } from "@el/domain/placement/index";
import type { Feature } from "../feature";
import { placementRoutes } from "./placement-routes";

/** The students' level test: its events live on `placement-{studentId}`; its result on the student's account. */
export const placementFeature: Feature = {
  name: "placement",
  events: placementEventDefinitions,
  projectors: [],
  routes: placementRoutes,
};
