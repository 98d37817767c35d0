import Fastify from "fastify";

/** One event as the fake keeps it: what the product sent, and the Meet link it was given. */
export interface FakeCalendarEvent {
  id: string;
  summary: string;
  start: string;
  end: string;
  requestId: string;
  meetUrl: string;
  deleted: boolean;
}

/**
 * A local stand-in for the Google Calendar API v3's events resource on the primary calendar, as the product
 * uses it: insert with `conferenceDataVersion=1` and a `hangoutsMeet` create request (409 for an id already
 * used), get, patch (new start and end), and delete (410 once deleted). Every call must carry a bearer token. `failNext` answers that
 * many calls 503; `pendingNext` answers that many inserts with the conference still pending (no link yet).
 */
export const startFakeGoogleCalendar = async () => {
  const server = Fastify();
  const events = new Map<string, FakeCalendarEvent>();
  let failures = 0;
  let pending = 0;
  let calls = 0;

  const asGoogle = (event: FakeCalendarEvent, withLink = true) => ({
    kind: "calendar#event",
    id: event.id,
    status: "confirmed",
    summary: event.summary,
    start: { dateTime: event.start },
    end: { dateTime: event.end },
    ...(withLink && { hangoutLink: event.meetUrl }),
    conferenceData: {
      createRequest: {
        requestId: event.requestId,
        conferenceSolutionKey: { type: "hangoutsMeet" },
        status: { statusCode: withLink ? "success" : "pending" },
      },
      ...(withLink && { entryPoints: [{ entryPointType: "video", uri: event.meetUrl, label: event.meetUrl }] }),
    },
  });

  server.addHook("onRequest", async (request, reply) => {
    calls++;
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? "")) return reply.code(401).send({ error: "auth" });
    if (failures > 0) {
      failures--;
      return reply.code(503).send({ error: { code: 503, message: "Backend Error" } });
    }
  });

  server.post<{
    Querystring: { conferenceDataVersion?: string };
    Body: {
      id: string;
      summary: string;
      start: { dateTime: string };
      end: { dateTime: string };
      conferenceData?: { createRequest?: { requestId?: string; conferenceSolutionKey?: { type?: string } } };
    };
  }>("/calendars/primary/events", async (request, reply) => {
    const body = request.body;
    const create = body.conferenceData?.createRequest;
    if (request.query.conferenceDataVersion !== "1" || create?.conferenceSolutionKey?.type !== "hangoutsMeet")
      return reply.code(400).send({ error: "a Meet conference needs conferenceDataVersion=1 and hangoutsMeet" });
    if (!/^[a-v0-9]{5,1024}$/.test(body.id)) return reply.code(400).send({ error: "Invalid resource id value." });
    if (events.has(body.id))
      return reply.code(409).send({ error: { code: 409, message: "The requested identifier already exists." } });
    const event: FakeCalendarEvent = {
      id: body.id,
      summary: body.summary,
      start: body.start.dateTime,
      end: body.end.dateTime,
      requestId: create.requestId ?? "",
      meetUrl: `https://meet.google.com/${body.id.slice(-3)}-${String(events.size).padStart(4, "0")}-abc`,
      deleted: false,
    };
    events.set(event.id, event);
    if (pending > 0) {
      pending--;
      return asGoogle(event, false);
    }
    return asGoogle(event);
  });

  server.get<{ Params: { id: string } }>("/calendars/primary/events/:id", async (request, reply) => {
    const event = events.get(request.params.id);
    if (!event || event.deleted) return reply.code(404).send({ error: "Not Found" });
    return asGoogle(event);
  });

  server.patch<{ Params: { id: string }; Body: { start?: { dateTime: string }; end?: { dateTime: string } } }>(
    "/calendars/primary/events/:id",
    async (request, reply) => {
      const event = events.get(request.params.id);
      if (!event || event.deleted) return reply.code(404).send({ error: "Not Found" });
      if (request.body.start) event.start = request.body.start.dateTime;
      if (request.body.end) event.end = request.body.end.dateTime;
      return asGoogle(event);
    },
  );

  server.delete<{ Params: { id: string } }>("/calendars/primary/events/:id", async (request, reply) => {
    const event = events.get(request.params.id);
    if (!event) return reply.code(404).send({ error: "Not Found" });
    if (event.deleted) return reply.code(410).send({ error: "Resource has been deleted" });
    event.deleted = true;
    return reply.code(204).send();
  });

  const address = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: address,
    env: { GOOGLE_CALENDAR_API_URL: address },
    events,
    calls: () => calls,
    failNext: (count: number) => {
      failures = count;
    },
    pendingNext: (count: number) => {
      pending = count;
    },
    stop: () => server.close(),
  };
};
export type FakeGoogleCalendar = Awaited<ReturnType<typeof startFakeGoogleCalendar>>;
