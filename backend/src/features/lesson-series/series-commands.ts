import { DomainError, notFound } from "@el/domain";
import type { StudentAccount } from "@el/domain/accounts/student-account";
import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import {
  type ExistingSeries,
  type LessonSeries,
  lessonSeriesDecider,
  lessonSeriesStreams,
  lessonsToCancel,
  occurrencesOf,
  seriesErrors,
} from "@el/domain/directory/lesson-series";
import {
  bookSeriesOccurrence,
  createSeriesBookingFirst,
  hasCreditFor,
  resumeWhenCredited,
  type SeriesBookingDecision,
} from "@el/domain/directory/lesson-series-booking";
import { cancellerRoleOf } from "@el/domain/lessons/lesson-access";
import { cancelLessonRefunding } from "@el/domain/lessons/lesson-decisions";
import { seriesPausedMail } from "@el/domain/mails/series-mails";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import {
  bookingOf,
  lessonAppends,
  lessonTouches,
  newBookedLesson,
  objectiveOf,
  personOf,
} from "../../shared/lesson-bookings";
import {
  type Caller,
  contextOf,
  lessonState,
  slotState,
  studentSlotState,
  studentState,
} from "../../shared/lesson-streams";

/**
 * The series' commands: each reads the series and the streams its booking touches, lets the pure decisions
 * of `domain/src/directory/lesson-series*.ts` decide, and appends to all of them at once, so an occurrence is
 * booked, its credit spent and its record on the series stored together, or none of them.
 */

export const seriesState = foldOf(lessonSeriesStreams, lessonSeriesDecider);

export const readSeries = async (app: FastifyInstance, seriesId: number): Promise<LessonSeries> =>
  (await app.streamStates.read({ series: seriesState(seriesId) })).series.state;

/** The series as the lists show it, from its own stream: what a command answers before the read model shows it. */
export const seriesViewOf = (series: ExistingSeries): LessonSeriesView => {
  const { id, student, teacher, trail, start, weeks } = series.created;
  return {
    id,
    status: series.status,
    teacher,
    student,
    trail,
    start,
    weeks,
    occurrences: occurrencesOf(series),
    pausedReason: series.pausedReason,
  };
};

/** An occurrence's booking and its record on the series, in one append. */
const seriesBookingAppends = (
  seriesId: number,
  booking: ReturnType<typeof bookingOf>,
  decision: SeriesBookingDecision,
) => [
  { streamId: lessonSeriesStreams.id(seriesId), events: decision.series },
  ...lessonAppends(booking.touches, decision.booking),
];

/**
 * The student starts a weekly series: the series and its first lesson, booked with the teacher, in one
 * append (a first start that cannot be booked now refuses both). Answers the series as stored; its other
 * occurrences due now are booked after it by `bookDueOccurrences`.
 */
export const createSeriesCommand = async (
  app: FastifyInstance,
  user: Caller,
  input: { teacherId: number; start: string; weeks: number; trailId: number },
  commandId?: string,
): Promise<number> => {
  const [seriesId, { lessonId, trail, meetUrl }] = await Promise.all([
    app.nextId(),
    newBookedLesson(app, input.trailId, input.start),
  ]);
  const booking = bookingOf({ id: lessonId, studentId: user.id, teacherId: input.teacherId, date: input.start });
  const { result } = await executeOnStates(
    app,
    { series: seriesState(seriesId, { fresh: true }), ...booking.streams },
    (state) => {
      const decision = createSeriesBookingFirst(
        {
          type: "CreateLessonSeries",
          id: seriesId,
          student: personOf(user, state.student),
          teacherId: input.teacherId,
          start: input.start,
          weeks: input.weeks,
          lessonId,
          meetUrl,
          trail,
          objective: objectiveOf(state.student),
          now: app.clock.now(),
        },
        state,
      );
      return { appends: seriesBookingAppends(seriesId, booking, decision), result: seriesId };
    },
    contextOf(user, commandId),
  );
  return result;
};

/** What became of one occurrence the sweep tried to book. */
export type OccurrenceOutcome = "booked" | "skipped" | "paused" | "nothing";

/**
 * Books one due occurrence of a series (or skips it, or pauses the series: see `bookSeriesOccurrence`). The
 * process whose append stored a pause e-mails the student; the push comes from the read model.
 */
export const bookOccurrenceCommand = async (
  app: FastifyInstance,
  series: ExistingSeries,
  date: string,
  context: CommandContext = {},
): Promise<OccurrenceOutcome> => {
  const { created } = series;
  const { lessonId, trail, meetUrl } = await newBookedLesson(app, created.trail.id, date);
  const booking = bookingOf({ id: lessonId, studentId: created.student.id, teacherId: created.teacher.id, date });
  const { result } = await executeOnStates(
    app,
    { series: seriesState(created.id), ...booking.streams },
    (state) => {
      const decision = bookSeriesOccurrence(
        {
          date,
          lessonId,
          meetUrl,
          trail,
          objective: objectiveOf(state.student),
          now: app.clock.now(),
        },
        state,
      );
      const types = decision.series.map((event) => event.type);
      const outcome: OccurrenceOutcome = types.includes("SeriesOccurrenceBooked")
        ? "booked"
        : types.includes("SeriesOccurrenceSkipped")
          ? "skipped"
          : types.includes("LessonSeriesPaused")
            ? "paused"
            : "nothing";
      return {
        appends: seriesBookingAppends(created.id, booking, decision),
        result: { outcome, student: state.student },
      };
    },
    context,
  );
  if (result.outcome === "paused") await mailPause(app, series, date, result.student);
  return result.outcome;
};

const mailPause = async (app: FastifyInstance, series: ExistingSeries, date: string, student: StudentAccount) => {
  if (student.status === "unregistered") return;
  const { email, firstName, langKey } = student.account.profile;
  const { teacher, start } = series.created;
  const teacherName = [teacher.firstName, teacher.lastName].filter(Boolean).join(" ");
  try {
    await app.mailer.send(
      seriesPausedMail({
        email,
        firstName: firstName ?? "",
        langKey,
        teacherName,
        start,
        date,
        baseUrl: app.config.baseUrl,
      }),
    );
  } catch (error) {
    // The pause is stored and shown (push, banner): a failed e-mail is reported, not retried.
    app.log.warn({ err: error, seriesId: series.created.id }, "series pause e-mail not sent");
  }
};

/** A paused series whose student has a credit again resumes (before any occurrence is due). */
export const resumeSeriesCommand = async (
  app: FastifyInstance,
  series: ExistingSeries,
  context: CommandContext = {},
) => {
  const seriesId = series.created.id;
  const studentId = series.created.student.id;
  const { result } = await executeOnStates(
    app,
    { series: seriesState(seriesId), student: studentState(studentId) },
    (state) => {
      const events = resumeWhenCredited(state.series, state.student, app.clock.now());
      return { appends: [{ streamId: lessonSeriesStreams.id(seriesId), events }], result: events.length > 0 };
    },
    context,
  );
  return result;
};

/** Whether a paused series' student could pay for a lesson now: only then is an occurrence tried again. */
export const studentHasCredit = async (app: FastifyInstance, studentId: number) =>
  hasCreditFor((await app.streamStates.read({ student: studentState(studentId) })).student.state);

/** One command on the series' stream alone: answers the series as it stands after it. */
const decideOnSeries = async (
  app: FastifyInstance,
  seriesId: number,
  command: (now: Date) => Parameters<typeof lessonSeriesDecider.decide>[0],
  context: CommandContext,
) => {
  const { result } = await executeOnStates(
    app,
    { series: seriesState(seriesId) },
    ({ series }) => {
      const events = lessonSeriesDecider.decide(command(app.clock.now()), series);
      return {
        appends: [{ streamId: lessonSeriesStreams.id(seriesId), events }],
        result: events.reduce(lessonSeriesDecider.evolve, series),
      };
    },
    context,
  );
  if (result.status === "none") throw notFound(seriesErrors.notFound);
  return result;
};

/** The sweep ends a series whose last occurrence is over. */
export const completeSeriesCommand = (app: FastifyInstance, seriesId: number, context: CommandContext = {}) =>
  decideOnSeries(app, seriesId, (now) => ({ type: "EndSeries", by: null, now }), context);

/**
 * One lesson of the series cancelled as the lesson loop cancels any (`cancelLessonRefunding`): the credit
 * back, the teacher's and the student's half hours freed, in one append.
 */
const cancelLessonOfSeries = async (app: FastifyInstance, user: Caller, lessonId: number) => {
  const current = (await app.streamStates.read({ lesson: lessonState(lessonId) })).lesson.state;
  if (current.status === "none") return;
  const touches = lessonTouches({
    id: lessonId,
    studentId: current.scheduled.student.id,
    teacherId: current.teacher?.id ?? null,
    date: current.scheduled.date,
  });
  await executeOnStates(
    app,
    {
      lesson: lessonState(lessonId),
      student: studentState(touches.studentId),
      slots: touches.slots.map((slot) => slotState(slot)),
      studentSlots: touches.studentSlots.map((slot) => studentSlotState(slot)),
    },
    (state) => {
      const decision = cancelLessonRefunding(
        { type: "CancelLesson", by: user.id, role: cancellerRoleOf(user), now: app.clock.now() },
        state,
      );
      return { appends: lessonAppends(touches, decision), result: null };
    },
    contextOf(user),
  );
};

/**
 * Its lessons not yet within 24 hours are cancelled with the credit back; those within 24 hours take place.
 * Run again (a retried request) it cancels what is left.
 */
const cancelSeriesLessons = async (app: FastifyInstance, user: Caller, series: LessonSeries) => {
  for (const lessonId of lessonsToCancel(series, app.clock.now())) {
    try {
      await cancelLessonOfSeries(app, user, lessonId);
    } catch (error) {
      // Come within 24 hours meanwhile, or cancelled by support already: that lesson stays as it is.
      if (!(error instanceof DomainError)) throw error;
    }
  }
};

/** The series stopped by `user` (cancelled or ended), then its lessons not yet within 24 hours cancelled. */
const stopSeries = async (app: FastifyInstance, user: Caller, seriesId: number, type: "CancelSeries" | "EndSeries") => {
  const series = await decideOnSeries(app, seriesId, (now) => ({ type, by: user.id, now }), contextOf(user));
  await cancelSeriesLessons(app, user, series);
  return seriesId;
};

/** The student cancels their series ("Cancelar série"); to anyone else it does not exist. */
export const cancelSeriesCommand = (app: FastifyInstance, user: Caller, seriesId: number) =>
  stopSeries(app, user, seriesId, "CancelSeries");

/** An administrator ends a series: as a cancellation, its lessons not yet within 24 hours are cancelled. */
export const endSeriesCommand = (app: FastifyInstance, user: Caller, seriesId: number) =>
  stopSeries(app, user, seriesId, "EndSeries");
