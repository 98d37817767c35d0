import { z } from "zod";
import type { Decider } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * The optional Google Calendar/Meet meeting provider. A teacher connects their Google account
 * (`google-calendar-{teacherId}`); each lesson they accept from then on gets an event in their calendar with
 * a Google Meet link, which replaces the lesson's built-in Jitsi link; a cancellation (or the lesson given to
 * another teacher) deletes that event, and moving the lesson moves it.
 *
 * Calling Google is a side effect done after the acceptance, never inside it: the work is claimed first on
 * the lesson's meeting stream (`lesson-meeting-{lessonId}`), so of two processes one calls Google. A claim
 * holds `MEETING_CLAIM_LEASE_MS`: a process that died holding it leaves the work to the next sweep, which is
 * safe because the calendar event's id is derived from the lesson (`calendarEventIdOf`), so a second insert
 * finds the first instead of creating a twin. A failed call is reported and tried again later, each wait
 * longer (`meetingRetryDelayMs`); after `MAX_MEETING_ATTEMPTS` the lesson keeps its Jitsi link.
 */

/** Whether the teacher's calendar is connected: the refresh token itself is never an event (see the backend). */
export const googleCalendarEventSchemas = {
  GoogleCalendarConnected: z.object({ at: z.string() }),
  GoogleCalendarDisconnected: z.object({ at: z.string() }),
};
export type GoogleCalendarEvent = EventOf<typeof googleCalendarEventSchemas>;
export const googleCalendarStreams = streamKind("google-calendar", googleCalendarEventSchemas, numericKey);

export type GoogleCalendarCommand =
  | { type: "ConnectGoogleCalendar"; now: Date }
  | { type: "DisconnectGoogleCalendar"; now: Date };

export const googleCalendarDecider: Decider<GoogleCalendarCommand, GoogleCalendarEvent, { connected: boolean }> = {
  initialState: () => ({ connected: false }),
  evolve: (_state, event) => ({ connected: event.type === "GoogleCalendarConnected" }),
  decide: (command, state) => {
    const at = command.now.toISOString();
    switch (command.type) {
      // Connecting again (a new consent, a new token) is recorded again: the token it stored is the newer one.
      case "ConnectGoogleCalendar":
        return [{ type: "GoogleCalendarConnected", data: { at } }];
      case "DisconnectGoogleCalendar":
        return state.connected ? [{ type: "GoogleCalendarDisconnected", data: { at } }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export const MeetingAction = z.enum(["create", "move", "delete"]);
export type MeetingAction = z.infer<typeof MeetingAction>;

export const MAX_MEETING_ATTEMPTS = 4;
export const MEETING_CLAIM_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;

/** The wait after the `failures`-th failed call: 30 s, 2 min, 8 min… */
export const meetingRetryDelayMs = (failures: number) => FIRST_RETRY_MS * 4 ** Math.max(0, failures - 1);

/**
 * The calendar event's id for a lesson and teacher: Google accepts ids of base32hex characters (a–v, 0–9),
 * 5 to 1024 long, chosen by the client, and answers 409 to a second insert of the same id.
 */
export const calendarEventIdOf = (lessonId: number, teacherId: number) => `englishlesson${lessonId}t${teacherId}`;

const action = { action: MeetingAction, teacherId: z.number().int(), at: z.string() };
export const lessonMeetingEventSchemas = {
  MeetingClaimed: z.object(action),
  /** The call failed (no error text: Google's answers may quote the teacher's calendar). */
  MeetingAttemptFailed: z.object(action),
  /** Nothing left worth doing: the lesson began before its calendar event could be made. */
  MeetingAbandoned: z.object(action),
  MeetingCreated: z.object({
    teacherId: z.number().int(),
    calendarEventId: z.string(),
    meetUrl: z.url(),
    at: z.string(),
  }),
  MeetingDeleted: z.object({ teacherId: z.number().int(), calendarEventId: z.string(), at: z.string() }),
  /** The calendar event now starts at `date`, the lesson's new start. */
  MeetingMoved: z.object({ teacherId: z.number().int(), date: z.string(), at: z.string() }),
};
export type LessonMeetingEvent = EventOf<typeof lessonMeetingEventSchemas>;
export const lessonMeetingStreams = streamKind("lesson-meeting", lessonMeetingEventSchemas, numericKey);

/** One teacher's calendar event for the lesson: made or not, deleted or not, who holds the work. */
export interface TeacherMeeting {
  calendarEventId: string | null;
  deleted: boolean;
  abandoned: boolean;
  claim: { action: MeetingAction; until: number } | null;
  failures: Record<MeetingAction, number>;
}
export type LessonMeetings = Readonly<Record<number, TeacherMeeting>>;

const none: TeacherMeeting = {
  calendarEventId: null,
  deleted: false,
  abandoned: false,
  claim: null,
  failures: { create: 0, move: 0, delete: 0 },
};

export type LessonMeetingCommand =
  | { type: "ClaimMeeting"; action: MeetingAction; teacherId: number; now: Date }
  | { type: "ReportMeetingFailure"; action: MeetingAction; teacherId: number; now: Date }
  | { type: "AbandonMeeting"; action: MeetingAction; teacherId: number; now: Date }
  | { type: "RecordMeetingCreated"; teacherId: number; calendarEventId: string; meetUrl: string; now: Date }
  | { type: "RecordMeetingDeleted"; teacherId: number; now: Date }
  | { type: "RecordMeetingMoved"; teacherId: number; date: string; now: Date };

/** Whether the action is already done (a move: there is no event to move), or given up. */
const settled = (meeting: TeacherMeeting, action: MeetingAction) =>
  meeting.failures[action] >= MAX_MEETING_ATTEMPTS ||
  (action === "create"
    ? meeting.calendarEventId !== null || meeting.abandoned
    : meeting.calendarEventId === null || meeting.deleted);

export const lessonMeetingDecider: Decider<LessonMeetingCommand, LessonMeetingEvent, LessonMeetings> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    const before = state[event.data.teacherId] ?? none;
    const at = Date.parse(event.data.at);
    const next = (() => {
      switch (event.type) {
        case "MeetingClaimed":
          return { ...before, claim: { action: event.data.action, until: at + MEETING_CLAIM_LEASE_MS } };
        case "MeetingAttemptFailed":
          return {
            ...before,
            claim: null,
            failures: { ...before.failures, [event.data.action]: before.failures[event.data.action] + 1 },
          };
        case "MeetingAbandoned":
          return { ...before, claim: null, abandoned: true };
        case "MeetingCreated":
          return { ...before, claim: null, calendarEventId: event.data.calendarEventId };
        case "MeetingDeleted":
          return { ...before, claim: null, deleted: true };
        // A later move of the lesson is tried afresh.
        case "MeetingMoved":
          return { ...before, claim: null, failures: { ...before.failures, move: 0 } };
        default:
          return before;
      }
    })();
    return { ...state, [event.data.teacherId]: next };
  },
  decide: (command, state) => {
    const meeting = state[command.teacherId] ?? none;
    const at = command.now.toISOString();
    const held = meeting.claim !== null && meeting.claim.until > command.now.getTime();
    switch (command.type) {
      case "ClaimMeeting":
        return held || settled(meeting, command.action)
          ? []
          : [{ type: "MeetingClaimed", data: { action: command.action, teacherId: command.teacherId, at } }];
      case "ReportMeetingFailure":
        return settled(meeting, command.action)
          ? []
          : [{ type: "MeetingAttemptFailed", data: { action: command.action, teacherId: command.teacherId, at } }];
      case "AbandonMeeting":
        return settled(meeting, command.action)
          ? []
          : [{ type: "MeetingAbandoned", data: { action: command.action, teacherId: command.teacherId, at } }];
      case "RecordMeetingCreated":
        return meeting.calendarEventId !== null
          ? []
          : [
              {
                type: "MeetingCreated",
                data: {
                  teacherId: command.teacherId,
                  calendarEventId: command.calendarEventId,
                  meetUrl: command.meetUrl,
                  at,
                },
              },
            ];
      case "RecordMeetingDeleted":
        return meeting.calendarEventId === null || meeting.deleted
          ? []
          : [
              {
                type: "MeetingDeleted",
                data: { teacherId: command.teacherId, calendarEventId: meeting.calendarEventId, at },
              },
            ];
      case "RecordMeetingMoved":
        return meeting.calendarEventId === null || meeting.deleted
          ? []
          : [{ type: "MeetingMoved", data: { teacherId: command.teacherId, date: command.date, at } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export const meetingEventDefinitions = Object.entries({
  ...googleCalendarEventSchemas,
  ...lessonMeetingEventSchemas,
}).map(([type, schema]) => ({ type, schema }));
