import { invalid } from "@el/domain";
import { GoogleCalendarReturnQuery, googleCalendarDecider, googleCalendarStreams } from "@el/domain/meetings/index";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { googleCalendarConnectionOf } from "@el/projections/meetings/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CommandContext, executeCommand } from "../../commands/execute";
import { alert } from "../../http/alert";
import { NoBody } from "../../http/responses";
import { CalendarRefused, type GoogleCalendar } from "../../integrations/google-calendar/google-calendar";
import { startAuthorization, takeAuthorization } from "../../integrations/oauth/social-authorizations";
import { removeCalendarToken, storeCalendarToken } from "./calendar-tokens";

const TEACHERS = { roles: ["ROLE_TEACHER"] as const };

/** Message keys of the calendar connection the web app translates. */
export const calendarErrors = {
  /** The return does not belong to a connection this teacher started (forged, played again, or too old). */
  state: "calendar.messages.error.state",
  /** Google refused the code or gave no refresh token. */
  provider: "calendar.messages.error.provider",
} as const;

export const GoogleCalendarStatus = z.object({
  /** Whether Google is configured at all: without it the profile shows no button. */
  configured: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
});

/** Binds an authorisation to the teacher who started it: the return needs that teacher's token. */
const bindingOf = (teacherId: number) => `teacher:${teacherId}`;

const contextOf = (request: FastifyRequest): CommandContext => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
});

/**
 * A teacher connects their Google Calendar (spec 4 and 7): the start answers Google's consent page
 * (the calendar-events scope, offline access, PKCE), the `/calendar` return page sends the code back, and the
 * refresh token it gives is kept encrypted; from then on lessons they accept get a Google Meet link. They can
 * disconnect, which deletes the token and revokes it at Google.
 */
export const googleCalendarRoutes = async (fastify: FastifyInstance, options: { calendar?: GoogleCalendar }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { calendar } = options;
  const key = app.config.googleTokenKey;

  const calendarOr404 = () => {
    if (!calendar) throw Object.assign(new Error("Google is not configured"), { statusCode: 404 });
    return calendar;
  };
  const statusOf = async (teacherId: number) => {
    const connectedAt = await googleCalendarConnectionOf(app.db, teacherId);
    return { configured: calendar !== undefined, connected: connectedAt !== null, connectedAt };
  };

  app.get(
    "/api/google/calendar",
    { config: TEACHERS, schema: { response: { 200: GoogleCalendarStatus } } },
    async (request) => statusOf(request.currentUser.id),
  );

  app.post(
    "/api/google/calendar/authorize",
    { config: TEACHERS, schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request, reply) => {
      const google = calendarOr404();
      const started = await startAuthorization(
        app.db,
        "google-calendar",
        app.clock.now(),
        bindingOf(request.currentUser.id),
      );
      reply.header("Cache-Control", "no-store");
      return { url: google.authorizationUrl(started.state, started.codeVerifier).href };
    },
  );

  app.get(
    "/api/google/calendar/code",
    {
      config: TEACHERS,
      schema: {
        querystring: GoogleCalendarReturnQuery,
        // 404 while Google is not configured.
        response: { 200: GoogleCalendarStatus, 404: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const google = calendarOr404();
      const teacherId = request.currentUser.id;
      const authorization = await takeAuthorization(
        app.db,
        "google-calendar",
        request.query.state,
        bindingOf(teacherId),
      );
      if (!authorization) throw invalid(calendarErrors.state, "state");
      const refreshToken = await google
        .refreshTokenOf(request.query.code, authorization.codeVerifier)
        .catch((error: unknown) => {
          if (error instanceof CalendarRefused) {
            request.log.warn({ teacherId, reason: error.message }, "Google Calendar connection refused");
            throw invalid(calendarErrors.provider);
          }
          throw error;
        });
      await storeCalendarToken(app.db, key, teacherId, refreshToken);
      await executeCommand(
        app,
        { streams: googleCalendarStreams, key: teacherId },
        googleCalendarDecider,
        { type: "ConnectGoogleCalendar", now: app.clock.now() },
        contextOf(request),
      );
      alert(reply, "calendar.messages.connected");
      return statusOf(teacherId);
    },
  );

  app.delete(
    "/api/google/calendar",
    { config: TEACHERS, schema: { response: { 204: NoBody } } },
    async (request, reply) => {
      const teacherId = request.currentUser.id;
      const token = await removeCalendarToken(app.db, key, teacherId);
      await executeCommand(
        app,
        { streams: googleCalendarStreams, key: teacherId },
        googleCalendarDecider,
        { type: "DisconnectGoogleCalendar", now: app.clock.now() },
        contextOf(request),
      );
      // Revoking is a courtesy to the teacher's Google account: the token is already gone from here.
      if (token && calendar)
        await calendar.revoke(token).catch((error: unknown) => {
          request.log.warn({ teacherId, error: String(error) }, "the Google token could not be revoked");
        });
      return alert(reply.code(204), "calendar.messages.disconnected").send();
    },
  );
};
