import type { Objective } from "../accounts/account";
import type { StudentAccount } from "../accounts/student-account";
import { lessonErrors, type TrailInCatalog } from "../lessons/lesson";
import {
  type BookingDecision,
  type BookingState,
  bookableTeacher,
  bookLessonWithTeacher,
} from "../lessons/lesson-booking";
import { localDateOf } from "../lessons/sao-paulo-time";
import { invalid } from "../shared/errors";
import {
  type CreateLessonSeries,
  type LessonSeries,
  type LessonSeriesCommand,
  type LessonSeriesEvent,
  lessonSeriesDecider,
  recordOf,
  refusalOutcome,
  type SkipReason,
} from "./lesson-series";

/**
 * The decisions of a series that span streams: each occurrence is a booking of the series' teacher
 * (`bookLessonWithTeacher`, the lesson naming the series), decided with the series so that the lesson, the
 * credit, the slots and the series' record of it are appended together, or none of them.
 */

export interface SeriesBookingState extends BookingState {
  series: LessonSeries;
}

export interface SeriesBookingDecision {
  series: LessonSeriesEvent[];
  booking: BookingDecision;
}

/** What the booking of an occurrence needs besides the series: the lesson's id and link, drawn beforehand. */
export interface OccurrenceLesson {
  lessonId: number;
  meetUrl: string;
  /** The series' trail as the catalogue has it now (null: removed). */
  trail: TrailInCatalog | null;
  objective: Objective;
  now: Date;
}

const noBooking: BookingDecision = { lesson: [], student: [], studentSlots: [], slots: [] };
const nothing: SeriesBookingDecision = { series: [], booking: noBooking };

/** The series' decisions one after another, each on the state the ones before left. */
const decideInTurn = (state: LessonSeries, commands: LessonSeriesCommand[]) => {
  const events: LessonSeriesEvent[] = [];
  let current = state;
  for (const command of commands) {
    const decided = lessonSeriesDecider.decide(command, current);
    events.push(...decided);
    current = decided.reduce(lessonSeriesDecider.evolve, current);
  }
  return events;
};

/**
 * The student starts a series: it is created and its first occurrence booked in the same decision, so a
 * first start that cannot be booked now (outside the teacher's availability, taken, no credit) refuses the
 * series with the booking's own answer.
 */
export const createSeriesBookingFirst = (
  command: Omit<CreateLessonSeries, "teacher" | "trail"> & { teacherId: number } & OccurrenceLesson,
  state: SeriesBookingState,
): SeriesBookingDecision => {
  if (state.series.status !== "none") return nothing;
  const teacher = bookableTeacher(command.teacherId, state.teacher);
  if (!command.trail) throw invalid(lessonErrors.trailNotFound, "trailId");
  const { id, student, start, weeks, now } = command;
  const trail = { id: command.trail.id, number: command.trail.number, title: command.trail.title };
  const created = lessonSeriesDecider.decide(
    { type: "CreateLessonSeries", id, student, teacher, trail, start, weeks, now },
    state.series,
  );
  const series = created.reduce(lessonSeriesDecider.evolve, state.series);
  if (series.status === "none") return nothing;
  const booking = bookLessonWithTeacher(
    {
      type: "BookLessonWithTeacher",
      id: command.lessonId,
      student,
      teacherId: teacher.id,
      trail: command.trail,
      date: series.created.start,
      objective: command.objective,
      meetUrl: command.meetUrl,
      seriesId: id,
      now,
    },
    state,
  );
  const booked = lessonSeriesDecider.decide(
    { type: "BookOccurrence", date: series.created.start, lessonId: command.lessonId, now },
    series,
  );
  return { series: [...created, ...booked], booking };
};

/**
 * The sweep books a due occurrence of a running series: booked, a paused series resumes with it; the
 * teacher's day off, a start outside their availability, a taken hour or a late one skips it (no credit
 * spent); no credit pauses the series, the occurrence waiting for credits. An occurrence already dealt
 * with (another process was first) decides nothing.
 */
export const bookSeriesOccurrence = (
  command: OccurrenceLesson & { date: string },
  state: SeriesBookingState,
): SeriesBookingDecision => {
  const { series } = state;
  if (series.status !== "ACTIVE" && series.status !== "PAUSED") return nothing;
  if (recordOf(series, Date.parse(command.date))) return nothing;
  const { date, now } = command;
  const skip = (reason: SkipReason): SeriesBookingDecision => ({
    series: decideInTurn(series, [{ type: "SkipOccurrence", date, reason, now }]),
    booking: noBooking,
  });
  if (state.availability.daysOff.includes(localDateOf(date))) return skip("DAY_OFF");
  let booking: BookingDecision;
  try {
    booking = bookLessonWithTeacher(
      {
        type: "BookLessonWithTeacher",
        id: command.lessonId,
        student: series.created.student,
        teacherId: series.created.teacher.id,
        trail: command.trail,
        date,
        objective: command.objective,
        meetUrl: command.meetUrl,
        seriesId: series.created.id,
        now,
      },
      state,
    );
  } catch (error) {
    const outcome = refusalOutcome(error);
    if ("skip" in outcome) return skip(outcome.skip);
    return { series: decideInTurn(series, [{ type: "PauseSeries", date, now }]), booking: noBooking };
  }
  return {
    series: decideInTurn(series, [
      { type: "ResumeSeries", now },
      { type: "BookOccurrence", date, lessonId: command.lessonId, now },
    ]),
    booking,
  };
};

/** Whether the student can pay for a lesson again: a paused series resumes then, before its next occurrence. */
export const hasCreditFor = (student: StudentAccount) => student.status === "active" && student.balance > 0;

/** A series paused for want of credits resumes once its student has a credit again. */
export const resumeWhenCredited = (series: LessonSeries, student: StudentAccount, now: Date): LessonSeriesEvent[] =>
  series.status === "PAUSED" && hasCreditFor(student)
    ? lessonSeriesDecider.decide({ type: "ResumeSeries", now }, series)
    : [];
