import { calendarFeedEventDefinitions } from "@el/domain/calendar/index";
import { calendarFeedsProjectors } from "@el/projections/calendar/index";
import type { Feature } from "../feature";
import { calendarRoutes } from "./calendar-routes";

/** Private calendar feeds of each person's lessons, for Google Calendar, Outlook and Apple Calendar. */
export const calendarFeature: Feature = {
  name: "calendar",
  events: calendarFeedEventDefinitions,
  projectors: calendarFeedsProjectors,
  routes: calendarRoutes,
};
