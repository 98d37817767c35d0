import { availabilityStreams, type TeacherAvailability } from "@el/domain/directory/availability";
import type { FastifyInstance } from "fastify";
import type { Person } from "./lesson-fixtures";

/** Teachers' availability for the specs of features that book them, written as the availability slice stores it. */

/** Every day 07:00–23:00: any start the spec's slot rules allow. */
export const alwaysAvailable: TeacherAvailability = {
  weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "07:00", end: "23:00" })),
  daysOff: [],
};

/** The teacher's availability as saved by them, written straight into its stream. */
export const givenAvailability = async (app: FastifyInstance, teacher: Person, availability = alwaysAvailable) => {
  const appended = await app.eventStore.appendMany([
    {
      streamId: availabilityStreams.id(teacher.id),
      events: [
        {
          type: "TeacherAvailabilityChanged",
          data: { ...availability, by: teacher.id, at: new Date().toISOString() },
        },
      ],
      expectedVersion: "any",
    },
  ]);
  await app.projections.waitFor(appended.lastPosition);
};
