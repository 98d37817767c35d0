import type { Lesson } from "@el/domain/lessons/lesson";
import {
  type LessonReportCommand,
  lessonReportDecider,
  lessonReportStreams,
  type ReportedLesson,
} from "@el/domain/lessons/reports/lesson-report";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import { lessonState } from "../../shared/lesson-streams";

const reportState = foldOf(lessonReportStreams, lessonReportDecider);

/** What the report's rules need of the lesson, from its own stream's state; null when it was never scheduled. */
export const reportedLessonOf = (lessonId: number, lesson: Lesson): ReportedLesson | null =>
  lesson.status === "none"
    ? null
    : {
        id: lessonId,
        studentId: lesson.scheduled.student.id,
        teacherId: lesson.teacher?.id ?? null,
        date: lesson.scheduled.date,
        cancelled: lesson.status === "cancelled",
      };

/**
 * A command on a lesson's report: reads the lesson's stream (who holds it, when it starts) and the report's,
 * and appends to the report's alone, so it never races the lesson's own commands.
 */
export const onLessonReport = (
  app: FastifyInstance,
  lessonId: number,
  command: (lesson: ReportedLesson | null) => LessonReportCommand,
  context: CommandContext,
) =>
  executeOnStates(
    app,
    { lesson: lessonState(lessonId), report: reportState(lessonId) },
    ({ lesson, report }) => {
      const events = lessonReportDecider.decide(command(reportedLessonOf(lessonId, lesson)), report);
      return { appends: [{ streamId: lessonReportStreams.id(lessonId), events }], result: events };
    },
    context,
  );
