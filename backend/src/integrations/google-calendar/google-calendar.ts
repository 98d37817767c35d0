import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import type { Config, OAuthProviderConfig } from "../../config";

/** The scope that lets the product add and remove the lesson events it made in the teacher's calendar. */
export const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events";

/** Google refused or failed a call (the code, the token, the Calendar API); its text names no person. */
export class CalendarRefused extends Error {}

/** What the lesson's calendar event says. */
export interface LessonCalendarEvent {
  /** The client-chosen event id (base32hex), so a second insert of the same lesson finds the first. */
  id: string;
  summary: string;
  description: string;
  start: string;
  end: string;
}

const CalendarEvent = z.object({
  id: z.string(),
  hangoutLink: z.string().optional(),
  conferenceData: z
    .object({
      entryPoints: z.array(z.object({ entryPointType: z.string(), uri: z.string() })).optional(),
    })
    .optional(),
});

/** The Meet link of an event: its video entry point (or `hangoutLink`), absent while the conference is pending. */
const meetUrlOf = (event: z.infer<typeof CalendarEvent>) =>
  event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === "video")?.uri ?? event.hangoutLink;

/**
 * A teacher's Google Calendar, through arctic's OAuth 2.0 client (authorisation code with PKCE, offline
 * access for a refresh token) and the Calendar API v3's events resource on the primary calendar.
 */
export interface GoogleCalendar {
  authorizationUrl: (state: string, codeVerifier: string) => URL;
  /** The refresh token the code gives; Google sends one because the consent is asked with offline access. */
  refreshTokenOf: (code: string, codeVerifier: string) => Promise<string>;
  /** Makes the event with a Google Meet conference and answers its Meet link (the same event if it exists). */
  createEvent: (refreshToken: string, event: LessonCalendarEvent) => Promise<{ meetUrl: string }>;
  /** Gives the event a new start and end (the lesson was moved). */
  moveEvent: (refreshToken: string, eventId: string, times: { start: string; end: string }) => Promise<void>;
  /** Deletes the event; one already gone counts as deleted. */
  deleteEvent: (refreshToken: string, eventId: string) => Promise<void>;
  revoke: (refreshToken: string) => Promise<void>;
}

const TIMEOUT_MS = 10_000;

export const googleCalendarOf = (config: OAuthProviderConfig, redirectUri: string): GoogleCalendar => {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const api = (config.calendarApiUrl ?? "").replace(/\/$/, "");
  const events = `${api}/calendars/primary/events`;

  const accessTokenOf = async (refreshToken: string) => {
    try {
      return (await client.refreshAccessToken(config.tokenUrl, refreshToken, [])).accessToken();
    } catch (error) {
      throw new CalendarRefused("the refresh token was refused", { cause: error });
    }
  };
  const call = async (url: string, accessToken: string, init: RequestInit = {}) =>
    fetch(url, {
      ...init,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new CalendarRefused("the Calendar API did not answer", { cause: error });
    });
  const linkOf = async (response: Response) => {
    const parsed = CalendarEvent.safeParse(await response.json().catch(() => null));
    const meetUrl = parsed.success ? meetUrlOf(parsed.data) : undefined;
    // Google may still be making the conference ("pending"): the next attempt reads the same event again.
    if (!meetUrl || !/^https:\/\//.test(meetUrl)) throw new CalendarRefused("the event has no Meet link yet");
    return { meetUrl };
  };

  return {
    authorizationUrl: (state, codeVerifier) => {
      const url = client.createAuthorizationURLWithPKCE(
        config.authorizationUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        [CALENDAR_SCOPE],
      );
      // A refresh token, asked for every time: Google gives one only on a consent that asks offline access.
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      return url;
    },
    refreshTokenOf: async (code, codeVerifier) => {
      try {
        const tokens = await client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier);
        if (!tokens.hasRefreshToken()) throw new Error("no refresh token");
        return tokens.refreshToken();
      } catch (error) {
        throw new CalendarRefused("the code was refused", { cause: error });
      }
    },
    createEvent: async (refreshToken, event) => {
      const accessToken = await accessTokenOf(refreshToken);
      const response = await call(`${events}?conferenceDataVersion=1&sendUpdates=none`, accessToken, {
        method: "POST",
        body: JSON.stringify({
          id: event.id,
          summary: event.summary,
          description: event.description,
          start: { dateTime: event.start },
          end: { dateTime: event.end },
          conferenceData: {
            createRequest: { requestId: event.id, conferenceSolutionKey: { type: "hangoutsMeet" } },
          },
        }),
      });
      if (response.ok) return linkOf(response);
      // An earlier attempt made it (its answer was lost, or its conference was still pending): read it.
      if (response.status === 409) {
        const existing = await call(`${events}/${encodeURIComponent(event.id)}?conferenceDataVersion=1`, accessToken);
        if (existing.ok) return linkOf(existing);
        throw new CalendarRefused(`reading the event answered HTTP ${existing.status}`);
      }
      throw new CalendarRefused(`creating the event answered HTTP ${response.status}`);
    },
    moveEvent: async (refreshToken, eventId, times) => {
      const accessToken = await accessTokenOf(refreshToken);
      const response = await call(`${events}/${encodeURIComponent(eventId)}?sendUpdates=none`, accessToken, {
        method: "PATCH",
        body: JSON.stringify({ start: { dateTime: times.start }, end: { dateTime: times.end } }),
      });
      if (!response.ok) throw new CalendarRefused(`moving the event answered HTTP ${response.status}`);
    },
    deleteEvent: async (refreshToken, eventId) => {
      const accessToken = await accessTokenOf(refreshToken);
      const response = await call(`${events}/${encodeURIComponent(eventId)}?sendUpdates=none`, accessToken, {
        method: "DELETE",
      });
      if (response.ok || response.status === 404 || response.status === 410) return;
      throw new CalendarRefused(`deleting the event answered HTTP ${response.status}`);
    },
    revoke: async (refreshToken) => {
      await client.revokeToken(config.revokeUrl ?? "", refreshToken);
    },
  };
};

/** The teachers' Google Calendar when Google is configured (`GOOGLE_CLIENT_ID`/`_SECRET`), back at `/calendar`. */
export const googleCalendarFromConfig = (config: Pick<Config, "oauth" | "baseUrl">) =>
  config.oauth.google ? googleCalendarOf(config.oauth.google, new URL("/calendar", config.baseUrl).href) : undefined;
