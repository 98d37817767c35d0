import { z } from "zod";
import { api } from "../../lib/api";

export const GoogleCalendarStatus = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type GoogleCalendarStatus = z.infer<typeof GoogleCalendarStatus>;

/** `GET api/google/calendar`: whether Google is configured, and whether this teacher's calendar is connected. */
export const fetchGoogleCalendarStatus = async () => GoogleCalendarStatus.parse(await api.get("api/google/calendar"));

/** `POST api/google/calendar/authorize`: Google's consent page for this teacher (state and PKCE kept server-side). */
export const startGoogleCalendarConnection = async () =>
  z.object({ url: z.string().url() }).parse(await api.post("api/google/calendar/authorize")).url;

/**
 * Each return asked once per page load: the server takes a state only once, so a second exchange (React's
 * development double mount) would be refused and hide the first's answer.
 */
const exchanges = new Map<string, Promise<GoogleCalendarStatus>>();

/** `GET api/google/calendar/code?code=&state=`: the `/calendar` return page finishes the connection. */
export const finishGoogleCalendarConnection = (code: string, state: string) => {
  const key = `${state} ${code}`;
  const asked =
    exchanges.get(key) ??
    api.get("api/google/calendar/code", { code, state }).then((answer) => GoogleCalendarStatus.parse(answer));
  exchanges.set(key, asked);
  return asked;
};

/** `DELETE api/google/calendar`: forgets (and revokes) the teacher's Google token. */
export const disconnectGoogleCalendar = () => api.delete<void>("api/google/calendar");
