import { DomainError, invalid, notFound } from "@el/domain";
import {
  availabilityErrors,
  BOOKING_HORIZON_DAYS,
  BOOKING_NOTICE_MS,
  saoPauloInstant,
} from "@el/domain/directory/availability";
import type { RebookAnswer } from "@el/domain/directory/directory-contracts";
import { lessonErrors, startOf } from "@el/domain/lessons/lesson";
import { freeStartsOf } from "@el/projections/availability/index";
import type { FastifyInstance } from "fastify";
import { type Caller, lessonState } from "../../shared/lesson-streams";
import { bookLessonCommand } from "./booking-commands";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** How many of the teacher's free starts the answer offers when the same time next week is not free. */
export const REBOOK_SLOTS = 6;

/** Why the same time a week later cannot be booked with that teacher: then their nearest free starts are offered. */
const slotRefusals = new Set<string>([
  availabilityErrors.notAvailable,
  availabilityErrors.notice,
  lessonErrors.past,
  lessonErrors.hours,
  lessonErrors.halfHours,
  lessonErrors.teacherBusyOther,
  lessonErrors.studentBusy,
]);

/** The `count` starts nearest to `target`, in order. */
const nearest = (starts: readonly string[], target: number, count: number) =>
  [...starts]
    .sort((a, b) => Math.abs(Date.parse(a) - target) - Math.abs(Date.parse(b) - target))
    .slice(0, count)
    .sort((a, b) => Date.parse(a) - Date.parse(b));

/**
 * "Agendar de novo": the lesson's student books its teacher on the same trail a week after it started
 * (or, for a lesson weeks back, at the same weekday and time the first week still ahead).
 * When that start is not free (outside the availability, taken, too soon, past), the answer is the
 * teacher's free starts nearest to it within the booking horizon; any other refusal (no credit, the
 * teacher or the trail gone) is answered as a booking's.
 */
export const rebookLessonCommand = async (
  app: FastifyInstance,
  user: Caller,
  lessonId: number,
  commandId?: string,
): Promise<RebookAnswer> => {
  const { lesson } = await app.streamStates.read({ lesson: lessonState(lessonId) });
  const state = lesson.state;
  if (state.status === "none" || state.scheduled.student.id !== user.id) throw notFound(lessonErrors.notFound);
  const teacher = state.teacher ?? state.scheduled.chosenTeacher?.teacher;
  if (!teacher) throw invalid(lessonErrors.notAccepted);
  // A week after it; for a lesson further back, its first weekly repeat still ahead by the booking notice.
  const start = startOf(state.scheduled);
  const weeks = Math.max(1, Math.ceil((app.clock.now().getTime() + BOOKING_NOTICE_MS - start) / WEEK_MS));
  const target = start + weeks * WEEK_MS;
  try {
    const booked = await bookLessonCommand(
      app,
      user,
      {
        teacherId: teacher.id,
        start: saoPauloInstant(target),
        trailId: state.scheduled.trail.id,
        objective: state.scheduled.objective,
      },
      commandId,
    );
    return { booked: true, lesson: booked };
  } catch (error) {
    if (!(error instanceof DomainError) || !slotRefusals.has(error.messageKey)) throw error;
  }
  const now = app.clock.now();
  const starts = await freeStartsOf(app.db, teacher.id, {
    from: now,
    to: new Date(now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS),
    now,
  });
  return { booked: false, teacherId: teacher.id, slots: nearest(starts, target, REBOOK_SLOTS) };
};
