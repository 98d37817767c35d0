import { notFound } from "@el/domain";
import { availabilityErrors, BOOKING_HORIZON_DAYS, TeacherAvailability } from "@el/domain/directory/availability";
import {
  AvailabilityBody,
  AvailabilityConflict,
  TeacherSlots,
  TeacherSlotsQuery,
} from "@el/domain/directory/directory-contracts";
import { localDateOf, wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import { invalid } from "@el/domain/shared/errors";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { findUserById } from "@el/projections/accounts/users/index";
import { availabilityOf, freeStartsOf } from "@el/projections/availability/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../shared/lesson-streams";
import { changeAvailabilityCommand } from "./availability-commands";

const TEACHER = { roles: ["ROLE_TEACHER"] as const };
const ADMIN = { roles: ["ROLE_ADMIN"] as const };
/** The longest range of dates one `slots` request may ask for, both ends included. */
export const MAX_SLOT_RANGE_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The instant a São Paulo date begins (its midnight there, whatever the offset that day). */
const startOfDay = (date: string) => {
  const guess = Date.parse(`${date}T03:00:00Z`);
  const clock = wallClockOf(new Date(guess));
  const sinceMidnight = (clock.hour * 60 + clock.minute) * 60_000;
  return new Date(localDateOf(new Date(guess)) === date ? guess - sinceMidnight : guess + DAY_MS - sinceMidnight);
};

/**
 * When teachers can be booked: a teacher reads and saves their weekly windows and days off, an
 * administrator any teacher's; anyone reads a teacher's free starts.
 */
export const availabilityRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A teacher's account, active: anything else is not found, as an unknown id is. */
  const activeTeacher = async (id: number) => {
    const user = await findUserById(app.db, id);
    if (user?.kind !== "teacher" || !user.activated) throw notFound();
    return user;
  };

  const saveSchema = {
    body: AvailabilityBody,
    response: { 200: TeacherAvailability, 409: AvailabilityConflict },
  };

  app.get(
    "/api/teachers/me/availability",
    { config: TEACHER, schema: { response: { 200: TeacherAvailability } } },
    (request) => availabilityOf(app.db, request.currentUser.id),
  );

  app.put("/api/teachers/me/availability", { config: TEACHER, schema: saveSchema }, (request) =>
    changeAvailabilityCommand(app, callerOf(request), request.currentUser.id, request.body),
  );

  app.get(
    "/api/teachers/:id/availability",
    { config: ADMIN, schema: { params: SafeIdParams, response: { 200: TeacherAvailability } } },
    async (request) => {
      await activeTeacher(request.params.id);
      return availabilityOf(app.db, request.params.id);
    },
  );

  app.put(
    "/api/teachers/:id/availability",
    { config: ADMIN, schema: { params: SafeIdParams, ...saveSchema } },
    async (request) => {
      await activeTeacher(request.params.id);
      return changeAvailabilityCommand(app, callerOf(request), request.params.id, request.body);
    },
  );

  app.get(
    "/api/teachers/:id/slots",
    { schema: { params: SafeIdParams, querystring: TeacherSlotsQuery, response: { 200: TeacherSlots } } },
    async (request) => {
      await activeTeacher(request.params.id);
      const now = app.clock.now();
      const from = request.query.from ?? localDateOf(now);
      const to = request.query.to ?? addDays(from, BOOKING_HORIZON_DAYS);
      if (daysBetween(from, to) < 0) throw invalid(availabilityErrors.range, "to");
      if (daysBetween(from, to) >= MAX_SLOT_RANGE_DAYS) throw invalid(availabilityErrors.range, "to");
      const slots = await freeStartsOf(app.db, request.params.id, {
        from: startOfDay(from),
        to: startOfDay(addDays(to, 1)),
        now,
      });
      return { slots };
    },
  );
};
