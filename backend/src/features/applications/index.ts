import type { Feature } from "../feature";
import { applicationRoutes } from "./application-routes";

/** The administrators' review queue of teacher applications (the events are the teacher account's). */
export const applicationsFeature: Feature = {
  name: "applications",
  events: [],
  projectors: [],
  routes: applicationRoutes,
};
