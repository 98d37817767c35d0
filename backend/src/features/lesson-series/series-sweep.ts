import { studentStreams } from "@el/domain/accounts/student-account";
import { allPast, dueOccurrences, SERIES_HORIZON_MS } from "@el/domain/directory/lesson-series";
import { lessonSeriesToSweep, pausedLessonSeriesOf } from "@el/projections/lesson-series/index";
import type { FastifyInstance } from "fastify";
import type { CommandContext } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import {
  bookOccurrenceCommand,
  completeSeriesCommand,
  readSeries,
  resumeSeriesCommand,
  studentHasCredit,
} from "./series-commands";

/**
 * What keeps a series going: its occurrences booked as they come within `SERIES_WEEKS_AHEAD` weeks, a paused
 * one resumed once its student has a credit, one whose last occurrence is over ended. The work list is the
 * `lesson_series` read model, so every process looks at it; two processes on one series decide on the same
 * stream, and the one that appends second finds the occurrence dealt with and stores nothing.
 */
export const sweepSeries = async (app: FastifyInstance, seriesId: number, context: CommandContext = {}) => {
  let series = await readSeries(app, seriesId);
  if (series.status !== "ACTIVE" && series.status !== "PAUSED") return;
  if (allPast(series, app.clock.now())) {
    await completeSeriesCommand(app, seriesId, context);
    return;
  }
  if (series.status === "PAUSED") {
    // Tried again only once the student can pay: a video link is made for every attempt.
    if (!(await studentHasCredit(app, series.created.student.id))) return;
    await resumeSeriesCommand(app, series, context);
    series = await readSeries(app, seriesId);
    if (series.status !== "ACTIVE") return;
  }
  for (const date of dueOccurrences(series, app.clock.now())) {
    // Without a credit for this one, there is none for the next.
    if ((await bookOccurrenceCommand(app, series, date, context)) === "paused") return;
  }
};

export const sweepLessonSeries = async (app: FastifyInstance) => {
  const now = app.clock.now();
  const horizon = new Date(now.getTime() + SERIES_HORIZON_MS);
  for (const seriesId of await lessonSeriesToSweep(app.db, { now, horizon })) {
    try {
      await sweepSeries(app, seriesId);
    } catch (error) {
      // Looked at again at the next sweep; the other series are not held up by it.
      app.log.error({ seriesId, err: error }, "lesson series sweep failed");
    }
  }
};

/** The student's credit events that may let a paused series go on. */
const CREDIT_EVENTS = new Set(["CreditsGranted", "CreditRefunded", "TrialCreditsGranted"]);

/**
 * The periodic sweep, and the reaction to credits: a purchase or an administrator's grant resumes the
 * student's paused series at once, in whichever process hears of it (the decision makes a second one a no-op),
 * rather than at the next sweep.
 */
export const startLessonSeriesSweep = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("lesson-series", () => sweepLessonSeries(app)),
    onError: (error) => app.log.error({ err: error }, "lesson series sweep failed"),
  });
  const reactions = new Set<Promise<void>>();
  const resumeSeriesOf = async (studentId: number) => {
    for (const seriesId of await pausedLessonSeriesOf(app.db, studentId)) await sweepSeries(app, seriesId);
  };
  const unsubscribe = app.streamChanges.subscribe((change) => {
    if (!CREDIT_EVENTS.has(change.type) || !studentStreams.holds(change.streamId)) return;
    const studentId = studentStreams.parse(change.streamId);
    // After the append that told it has returned: the grant's own command is not held up by this one.
    const reaction = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => asSystem("lesson-series-credits", () => resumeSeriesOf(studentId)))
      .catch((error) => app.log.error({ err: error, studentId }, "resuming lesson series failed"))
      .finally(() => reactions.delete(reaction));
    reactions.add(reaction);
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    await Promise.all([sweeps.stop(), ...reactions]);
  });
};
