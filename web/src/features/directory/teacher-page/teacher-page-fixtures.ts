import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { student } from "../../../test/render-area";
import { trailView } from "../../../test/trails";
import { teacherProfile } from "../directory-fixtures";

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export const FREE_STARTS = ["2026-12-01T18:00:00-03:00", "2026-12-01T19:00:00-03:00", "2026-12-03T07:30:00-03:00"];

export const TRAILS = [
  trailView({ id: 11, number: 1, title: "Greetings", level: { id: 1, name: "Básico" } }),
  trailView({ id: 31, number: 1, title: "Small talk", level: { id: 2, name: "Intermediário" } }),
  trailView({ id: 32, number: 2, title: "Meetings", level: { id: 2, name: "Intermediário" } }),
];

/** Ana's page as the server answers it to Maria, a student of level 2; `answers` replaces any route. */
export const teacherPageServer = (answers: Record<string, Handler> = {}) =>
  fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/teachers/21": () => json(teacherProfile()),
    "GET /api/teachers/21/slots": () => json({ slots: FREE_STARTS }),
    "GET /api/trails": () => json(TRAILS),
    "POST /api/teachers/21/bookings": () => json({}, { status: 201 }),
    "POST /api/lesson-series": () => json({ id: 7, occurrences: [] }, { status: 201 }),
    "POST /api/teachers/21/requests": () => json({}, { status: 201 }),
    "PUT /api/account/favorites/21": () => new Response(null, { status: 204 }),
    "DELETE /api/account/favorites/21": () => new Response(null, { status: 204 }),
    ...answers,
  });

/** The calls made to `METHOD path`. */
export const callsTo = (calls: FakeRequest[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
