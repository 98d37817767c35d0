import { createHash, randomBytes } from "node:crypto";
import { notFound } from "@el/domain";
import {
  CALENDAR_TOKEN,
  CalendarFeedParams,
  CalendarFeedView,
  calendarEntriesOf,
  calendarFeedDecider,
  calendarFeedStreams,
  IssuedCalendarFeed,
} from "@el/domain/calendar/index";
import { calendarFeedOf, calendarLessonsOf, calendarOwnerOf } from "@el/projections/calendar/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type CommandContext, executeCommand } from "../../commands/execute";
import { fileBytes, NoBody } from "../../http/responses";
import { calendarHostOf, icsOf } from "../../shared/ics";

const PEOPLE = { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] as const };
/** How far back a calendar lists lessons: a month, so the recent past stays visible. */
const LOOK_BACK_MS = 31 * 24 * 60 * 60 * 1000;

const digestOf = (token: string) => createHash("sha256").update(token).digest("hex");

const contextOf = (request: FastifyRequest): CommandContext => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
});

/**
 * Private calendar feeds. A student or teacher issues an address (shown once: only its token's digest is
 * stored), revokes it, or sees whether one is active. The address itself is public: calendar services
 * fetch it without our token, so the random token is the only key, and it lists only that person's lessons.
 */
export const calendarRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const host = calendarHostOf(app.config.baseUrl);

  app.get(
    "/api/account/calendar-feed",
    { config: PEOPLE, schema: { response: { 200: CalendarFeedView } } },
    async (request) => calendarFeedOf(app.db, request.currentUser.id),
  );

  app.post(
    "/api/account/calendar-feed",
    { config: PEOPLE, schema: { response: { 201: IssuedCalendarFeed } } },
    async (request, reply) => {
      const token = randomBytes(32).toString("base64url");
      const now = app.clock.now();
      await executeCommand(
        app,
        { streams: calendarFeedStreams, key: request.currentUser.id },
        calendarFeedDecider,
        { type: "IssueFeed", tokenDigest: digestOf(token), now },
        contextOf(request),
      );
      return reply
        .code(201)
        .header("Cache-Control", "no-store")
        .send({ url: `${app.config.baseUrl}/api/calendar/${token}.ics`, issuedAt: now.toISOString() });
    },
  );

  app.delete(
    "/api/account/calendar-feed",
    { config: PEOPLE, schema: { response: { 204: NoBody } } },
    async (request, reply) => {
      await executeCommand(
        app,
        { streams: calendarFeedStreams, key: request.currentUser.id },
        calendarFeedDecider,
        { type: "RevokeFeed", now: app.clock.now() },
        contextOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  // Public: Google Calendar, Outlook and Apple Calendar fetch it by its address alone.
  app.get(
    "/api/calendar/:file",
    { schema: { params: CalendarFeedParams, response: { 200: fileBytes("text/calendar") } } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, "");
      // An address that was never issued and one revoked answer alike.
      if (!request.params.file.endsWith(".ics") || !CALENDAR_TOKEN.test(token)) throw notFound();
      const owner = await calendarOwnerOf(app.db, digestOf(token));
      if (!owner) throw notFound();
      const lessons = await calendarLessonsOf(app.db, owner, new Date(app.clock.now().getTime() - LOOK_BACK_MS));
      const ics = icsOf(calendarEntriesOf(lessons, owner.viewer, host), "Aulas de inglês");
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'inline; filename="aulas.ics"')
        .header("Cache-Control", "private, max-age=300")
        .send(Buffer.from(ics, "utf8"));
    },
  );
};
