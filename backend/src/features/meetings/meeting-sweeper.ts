import { LESSON_DURATION_MS, lessonStreams, startOf } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import {
  calendarEventIdOf,
  type LessonMeetingCommand,
  lessonMeetingDecider,
  lessonMeetingStreams,
} from "@el/domain/meetings/index";
import { dueMeetingWork, type MeetingWork } from "@el/projections/meetings/index";
import type { FastifyInstance } from "fastify";
import { executeCommand, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import { asSystem } from "../../event-store";
import type { GoogleCalendar } from "../../integrations/google-calendar/google-calendar";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { calendarTokenOf, orphanCalendarTokens, removeCalendarTokenIfUnchanged } from "./calendar-tokens";

const lessonState = foldOf(lessonStreams, lessonDecider);
const meetingState = foldOf(lessonMeetingStreams, lessonMeetingDecider);

const onMeeting = (app: FastifyInstance, lessonId: number, command: LessonMeetingCommand) =>
  executeCommand(app, { streams: lessonMeetingStreams, key: lessonId }, lessonMeetingDecider, command);

/** The lesson's start and end, as its event shows them. */
const timesOf = (scheduled: { date: string }) => {
  const start = startOf(scheduled);
  return { start: new Date(start).toISOString(), end: new Date(start + LESSON_DURATION_MS).toISOString() };
};

/** Makes the lesson's event in the teacher's calendar; its Meet link becomes the lesson's video link. */
const create = async (app: FastifyInstance, calendar: GoogleCalendar, work: MeetingWork, token: string) => {
  const { lesson } = await app.streamStates.read({ lesson: lessonState(work.lessonId) });
  if (lesson.state.status === "none") return;
  const { scheduled } = lesson.state;
  const calendarEventId = calendarEventIdOf(work.lessonId, work.teacherId);
  const { meetUrl } = await calendar.createEvent(token, {
    id: calendarEventId,
    summary: `English lesson: ${scheduled.student.firstName} (${scheduled.level.name})`,
    description: `${scheduled.trail.number}. ${scheduled.trail.title}`,
    ...timesOf(scheduled),
  });
  const now = app.clock.now();
  // Both at once: the event is known made, and the lesson shows its link, or neither is recorded.
  await executeOnStates(
    app,
    { meeting: meetingState(work.lessonId), lesson: lessonState(work.lessonId) },
    ({ meeting, lesson: current }) => {
      const made = lessonMeetingDecider.decide(
        { type: "RecordMeetingCreated", teacherId: work.teacherId, calendarEventId, meetUrl, now },
        meeting,
      );
      const linked =
        made.length === 0
          ? []
          : lessonDecider.decide({ type: "UseMeetingLink", teacherId: work.teacherId, meetUrl, now }, current);
      return {
        appends: [
          { streamId: lessonMeetingStreams.id(work.lessonId), events: made },
          { streamId: lessonStreams.id(work.lessonId), events: linked },
        ],
        result: made.length,
      };
    },
  );
};

/** How long a stored token may wait for its connection to show in the read model before it counts as orphaned. */
const TOKEN_GRACE_MS = 10 * 60_000;

/**
 * Forgets (and revokes at Google) the tokens of teachers whose account was deleted or erased: no person's
 * credential is kept once they are gone.
 */
const forgetOrphanTokens = async (app: FastifyInstance, calendar: GoogleCalendar, now: Date) => {
  const orphans = await orphanCalendarTokens(
    app.db,
    app.config.googleTokenKey,
    new Date(now.getTime() - TOKEN_GRACE_MS),
  );
  for (const orphan of orphans) {
    if (orphan.token)
      await calendar.revoke(orphan.token).catch((error: unknown) => {
        app.log.warn({ teacherId: orphan.teacherId, error: String(error) }, "the Google token could not be revoked");
      });
    await removeCalendarTokenIfUnchanged(app.db, orphan.teacherId, orphan.sealed);
  }
};

/**
 * Does the Google Calendar work due at `now`: each call is claimed first (an event on the lesson's meeting
 * stream) and only the process whose claim was stored makes it. A failed call is reported and tried again
 * after a growing wait; a lesson that began before its event was made keeps its Jitsi link. Answers how
 * many calls succeeded.
 */
export const doDueMeetingWork = async (app: FastifyInstance, calendar: GoogleCalendar, now = app.clock.now()) => {
  // Commands do not wait for the work list: a sweep does, so it sees every lesson stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["lesson-meetings"]);
  await forgetOrphanTokens(app, calendar, now);
  let done = 0;
  for (const work of await dueMeetingWork(app.db, now)) {
    const { action, lessonId, teacherId } = work;
    if (action !== "delete") {
      const { lesson } = await app.streamStates.read({ lesson: lessonState(lessonId) });
      if (lesson.state.status !== "none" && startOf(lesson.state.scheduled) <= now.getTime()) {
        await onMeeting(app, lessonId, { type: "AbandonMeeting", action, teacherId, now });
        continue;
      }
    }
    const { result: claimed } = await onMeeting(app, lessonId, { type: "ClaimMeeting", action, teacherId, now });
    if (claimed.length === 0) continue;
    try {
      const token = await calendarTokenOf(app.db, app.config.googleTokenKey, teacherId);
      if (!token) throw new Error("no readable token for this teacher");
      if (action === "create") await create(app, calendar, work, token);
      else if (action === "move") {
        const { lesson } = await app.streamStates.read({ lesson: lessonState(lessonId) });
        if (lesson.state.status === "none") throw new Error("no such lesson");
        const eventId = work.calendarEventId ?? calendarEventIdOf(lessonId, teacherId);
        await calendar.moveEvent(token, eventId, timesOf(lesson.state.scheduled));
        const date = new Date(startOf(lesson.state.scheduled)).toISOString();
        await onMeeting(app, lessonId, { type: "RecordMeetingMoved", teacherId, date, now: app.clock.now() });
      } else {
        await calendar.deleteEvent(token, work.calendarEventId ?? calendarEventIdOf(lessonId, teacherId));
        await onMeeting(app, lessonId, { type: "RecordMeetingDeleted", teacherId, now: app.clock.now() });
      }
      done++;
    } catch (error) {
      app.log.warn({ lessonId, teacherId, action, error: String(error) }, "a Google Calendar call failed");
      await onMeeting(app, lessonId, { type: "ReportMeetingFailure", action, teacherId, now: app.clock.now() });
    }
  }
  return done;
};

/** Every process looks at the work list (in PostgreSQL, so it survives restarts) every `intervalMs`. */
export const startMeetingSweeps = (app: FastifyInstance, calendar: GoogleCalendar, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("lesson-meetings", () => doDueMeetingWork(app, calendar)),
    onError: (error) => app.log.error({ err: error }, "Google Calendar sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
