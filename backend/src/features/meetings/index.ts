import { meetingEventDefinitions } from "@el/domain/meetings/index";
import { lessonMeetingsProjectors } from "@el/projections/meetings/index";
import { googleCalendarFromConfig } from "../../integrations/google-calendar/google-calendar";
import type { Feature } from "../feature";
import { googleCalendarRoutes } from "./google-calendar-routes";
import { startMeetingSweeps } from "./meeting-sweeper";

/**
 * The optional Google Calendar/Meet meeting provider: teachers connect their calendar, and the lessons they
 * accept get a calendar event with a Google Meet link (Jitsi otherwise). Off unless Google is configured.
 */
export const meetingsFeature: Feature = {
  name: "meetings",
  events: meetingEventDefinitions,
  projectors: lessonMeetingsProjectors,
  routes: async (app) => {
    const calendar = googleCalendarFromConfig(app.config);
    await app.register(googleCalendarRoutes, { calendar });
    if (calendar) startMeetingSweeps(app, calendar, app.config.meetingIntervalMs);
  },
};
