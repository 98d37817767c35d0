import { favoriteEventDefinitions } from "@el/domain/directory/favorites";
import { reviewModerationEventDefinitions } from "@el/domain/directory/review-moderation";
import { favoriteTeachersProjector, teacherDirectoryProjector } from "@el/projections/directory/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { directoryRoutes } from "./directory-routes";
import { favoriteRoutes } from "./favorite-routes";

/** Finding a teacher: the directory, public profiles with moderated comments, and students' favourites. */
export const directoryFeature: Feature = {
  name: "directory",
  events: [...favoriteEventDefinitions, ...reviewModerationEventDefinitions],
  projectors: [teacherDirectoryProjector, favoriteTeachersProjector],
  routes: async (app: FastifyInstance) => {
    await app.register(directoryRoutes);
    await app.register(favoriteRoutes);
  },
};
