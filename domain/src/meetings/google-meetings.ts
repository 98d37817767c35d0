import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
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

export type ConnectGoogleCalendar = Command<"ConnectGoogleCalendar", { now: Date }>;
export type DisconnectGoogleCalendar = Command<"DisconnectGoogleCalendar", { now: Date }>;
export type GoogleCalendarCommand = ConnectGoogleCalendar | DisconnectGoogleCalendar;
export type GoogleCalendar = { connected: boolean };

/** Connecting again (a new consent, a new token) is recorded again: the token it stored is the newer one. */
export const connectGoogleCalendar = (command: ConnectGoogleCalendar): GoogleCalendarEvent[] => [
  { type: "GoogleCalendarConnected", data: { at: command.now.toISOString() } },
];

export const disconnectGoogleCalendar = (
  command: DisconnectGoogleCalendar,
  state: GoogleCalendar,
): GoogleCalendarEvent[] =>
  state.connected ? [{ type: "GoogleCalendarDisconnected", data: { at: command.now.toISOString() } }] : [];

export const googleCalendarDecider: Decider<GoogleCalendarCommand, GoogleCalendarEvent, GoogleCalendar> = {
  initialState: () => ({ connected: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "GoogleCalendarConnected":
        return { connected: true };
      case "GoogleCalendarDisconnected":
        return { connected: false };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "ConnectGoogleCalendar":
        return connectGoogleCalendar(command);
      case "DisconnectGoogleCalendar":
        return disconnectGoogleCalendar(command, state);
      default:
        return assertNever(command);
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

export type ClaimMeeting = Command<"ClaimMeeting", { action: MeetingAction; teacherId: number; now: Date }>;
export type ReportMeetingFailure = Command<
  "ReportMeetingFailure",
  { action: MeetingAction; teacherId: number; now: Date }
>;
export type AbandonMeeting = Command<"AbandonMeeting", { action: MeetingAction; teacherId: number; now: Date }>;
export type RecordMeetingCreated = Command<
  "RecordMeetingCreated",
  { teacherId: number; calendarEventId: string; meetUrl: string; now: Date }
>;
export type RecordMeetingDeleted = Command<"RecordMeetingDeleted", { teacherId: number; now: Date }>;
export type RecordMeetingMoved = Command<"RecordMeetingMoved", { teacherId: number; date: string; now: Date }>;
export type LessonMeetingCommand =
  | ClaimMeeting
  | ReportMeetingFailure
  | AbandonMeeting
  | RecordMeetingCreated
  | RecordMeetingDeleted
  | RecordMeetingMoved;

/** Whether the action is already done (a move: there is no event to move), or given up. */
const settled = (meeting: TeacherMeeting, action: MeetingAction) =>
  meeting.failures[action] >= MAX_MEETING_ATTEMPTS ||
  (action === "create"
    ? meeting.calendarEventId !== null || meeting.abandoned
    : meeting.calendarEventId === null || meeting.deleted);

const meetingOf = (state: LessonMeetings, command: LessonMeetingCommand) => state[command.teacherId] ?? none;

export const claimMeeting = (command: ClaimMeeting, state: LessonMeetings): LessonMeetingEvent[] => {
  const meeting = meetingOf(state, command);
  const held = meeting.claim !== null && meeting.claim.until > command.now.getTime();
  const { action, teacherId } = command;
  return held || settled(meeting, action)
    ? []
    : [{ type: "MeetingClaimed", data: { action, teacherId, at: command.now.toISOString() } }];
};

export const reportMeetingFailure = (command: ReportMeetingFailure, state: LessonMeetings): LessonMeetingEvent[] => {
  const { action, teacherId } = command;
  return settled(meetingOf(state, command), action)
    ? []
    : [{ type: "MeetingAttemptFailed", data: { action, teacherId, at: command.now.toISOString() } }];
};

export const abandonMeeting = (command: AbandonMeeting, state: LessonMeetings): LessonMeetingEvent[] => {
  const { action, teacherId } = command;
  return settled(meetingOf(state, command), action)
    ? []
    : [{ type: "MeetingAbandoned", data: { action, teacherId, at: command.now.toISOString() } }];
};

export const recordMeetingCreated = (command: RecordMeetingCreated, state: LessonMeetings): LessonMeetingEvent[] => {
  if (meetingOf(state, command).calendarEventId !== null) return [];
  const { teacherId, calendarEventId, meetUrl } = command;
  return [{ type: "MeetingCreated", data: { teacherId, calendarEventId, meetUrl, at: command.now.toISOString() } }];
};

export const recordMeetingDeleted = (command: RecordMeetingDeleted, state: LessonMeetings): LessonMeetingEvent[] => {
  const meeting = meetingOf(state, command);
  if (meeting.calendarEventId === null || meeting.deleted) return [];
  const { calendarEventId } = meeting;
  return [
    { type: "MeetingDeleted", data: { teacherId: command.teacherId, calendarEventId, at: command.now.toISOString() } },
  ];
};

export const recordMeetingMoved = (command: RecordMeetingMoved, state: LessonMeetings): LessonMeetingEvent[] => {
  const meeting = meetingOf(state, command);
  if (meeting.calendarEventId === null || meeting.deleted) return [];
  const { teacherId, date } = command;
  return [{ type: "MeetingMoved", data: { teacherId, date, at: command.now.toISOString() } }];
};

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
          return unchanged(before, event);
      }
    })();
    return { ...state, [event.data.teacherId]: next };
  },
  decide: (command, state) => {
    switch (command.type) {
      case "ClaimMeeting":
        return claimMeeting(command, state);
      case "ReportMeetingFailure":
        return reportMeetingFailure(command, state);
      case "AbandonMeeting":
        return abandonMeeting(command, state);
      case "RecordMeetingCreated":
        return recordMeetingCreated(command, state);
      case "RecordMeetingDeleted":
        return recordMeetingDeleted(command, state);
      case "RecordMeetingMoved":
        return recordMeetingMoved(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const meetingEventDefinitions = Object.entries({
  ...googleCalendarEventSchemas,
  ...lessonMeetingEventSchemas,
}).map(([type, schema]) => ({ type, schema }));
