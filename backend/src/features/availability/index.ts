import { availabilityEventDefinitions } from "@el/domain/directory/availability";
import { teacherAvailabilityProjector } from "@el/projections/availability/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { availabilityRoutes } from "./availability-routes";
import { startFreeStartsRollForward } from "./free-starts-roll-forward";

/** When teachers can be booked: their weekly windows and days off, and the free starts derived from them. */
export const availabilityFeature: Feature = {
  name: "availability",
  events: availabilityEventDefinitions,
  projectors: [teacherAvailabilityProjector],
  routes: async (app: FastifyInstance) => {
    await app.register(availabilityRoutes);
    startFreeStartsRollForward(app);
  },
};
