import { teacherProfilesProjector } from "@el/projections/teachers/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { teacherProfileRoutes } from "./teacher-profile-routes";

/** Teachers seen as people: their public profile, photo and rating (the events are the teacher account's). */
export const teachersFeature: Feature = {
  name: "teachers",
  events: [],
  projectors: [teacherProfilesProjector],
  routes: async (app: FastifyInstance) => {
    await app.register(teacherProfileRoutes);
  },
};
