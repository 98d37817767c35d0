import type { Feature } from "../feature";
import { bookingRoutes } from "./booking-routes";

/**
 * Booking a chosen teacher: a lesson accepted with that teacher at once in their free slots, and
 * "Agendar de novo", the same teacher a week after a lesson. Its events are the lesson loop's and the
 * availability's, which those slices register.
 */
export const bookingsFeature: Feature = {
  name: "bookings",
  events: [],
  projectors: [],
  routes: async (app) => {
    await app.register(bookingRoutes);
  },
};
