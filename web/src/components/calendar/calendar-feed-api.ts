import type { CalendarFeedView, IssuedCalendarFeed } from "@el/domain/calendar/calendar-feed";
import { api } from "../../lib/api";

export const fetchCalendarFeed = () => api.get<CalendarFeedView>("api/account/calendar-feed");
export const issueCalendarFeed = () => api.post<IssuedCalendarFeed>("api/account/calendar-feed");
export const revokeCalendarFeed = () => api.delete<void>("api/account/calendar-feed");
