import { z } from "zod";
import type { Command } from "../../shared/command";
import { assertNever, type Decider, unchanged } from "../../shared/decider";
import { conflict, invalid, notFound } from "../../shared/errors";
import { type EventOf, numericKey, streamKind } from "../../shared/streams";

/**
 * What the teacher writes after a lesson (stream `lesson-report-{lessonId}`): what was covered, the words and
 * phrases taught, the corrections and the homework; and the student's "lição de casa feita". A stream of its
 * own beside the lesson's, so writing a report never races the lesson's claims, moves and payments; the
 * command reads the lesson's state to know who may write it and when. Writing again stores a new version.
 * The texts speak about the student and are sealed with the lesson's key (`lesson-{id}`), destroyed when
 * either person of the lesson is erased (domain/src/accounts/personal-data.ts).
 */

export const REPORT_TEXT_MAX = 4000;
export const VOCABULARY_ITEM_MAX = 120;
export const VOCABULARY_MAX = 60;

/** Why a rule says no, as i18n keys of the web app's lesson-reports feature. */
export const lessonReportErrors = {
  notFound: "lessonReports.error.notFound",
  notStarted: "lessonReports.error.notStarted",
  cancelled: "lessonReports.error.cancelled",
  coveredRequired: "lessonReports.error.coveredRequired",
  tooLong: "lessonReports.error.tooLong",
  vocabularyItem: "lessonReports.error.vocabularyItem",
  vocabularyTooMany: "lessonReports.error.vocabularyTooMany",
  noReport: "lessonReports.error.noReport",
  noHomework: "lessonReports.error.noHomework",
} as const;

const instant = z.iso.datetime({ offset: true });
const text = z.string().max(REPORT_TEXT_MAX);

export const lessonReportEventSchemas = {
  /** The teacher wrote the report (version 1) or wrote it again (version 2, 3…): the whole report each time. */
  LessonReportWritten: z.object({
    lessonId: z.number().int(),
    studentId: z.number().int(),
    teacherId: z.number().int(),
    version: z.number().int().positive(),
    covered: text,
    vocabulary: z.array(z.string().max(VOCABULARY_ITEM_MAX)).max(VOCABULARY_MAX),
    corrections: text,
    homework: text,
    at: instant,
  }),
  /** The student marked the report's homework as done. */
  LessonHomeworkDone: z.object({ lessonId: z.number().int(), studentId: z.number().int(), at: instant }),
};
export type LessonReportEvent = EventOf<typeof lessonReportEventSchemas>;
export const lessonReportEventDefinitions = Object.entries(lessonReportEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

/** `lesson-report-{lessonId}`. */
export const lessonReportStreams = streamKind("lesson-report", lessonReportEventSchemas, numericKey);

/** What the report's commands need of the lesson, read from its own stream; null when no such lesson. */
export interface ReportedLesson {
  id: number;
  studentId: number;
  /** null while no teacher holds it. */
  teacherId: number | null;
  /** Its start, an ISO instant. */
  date: string;
  cancelled: boolean;
}

export interface ReportInput {
  covered: string;
  vocabulary: readonly string[];
  corrections: string;
  homework: string;
}

export type WriteLessonReport = Command<
  "WriteLessonReport",
  { lesson: ReportedLesson | null; teacherId: number; report: ReportInput; now: Date }
>;
export type MarkHomeworkDone = Command<
  "MarkHomeworkDone",
  { lesson: ReportedLesson | null; studentId: number; now: Date }
>;
export type LessonReportCommand = WriteLessonReport | MarkHomeworkDone;

export type LessonReport =
  | { status: "none" }
  | ({ status: "written"; version: number; homeworkDoneAt: string | null } & ReportInput);

/** Trimmed, without empty entries nor repeats (compared without case), in the order the teacher gave. */
export const cleanVocabulary = (vocabulary: readonly string[]) => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const entry of vocabulary) {
    const item = entry.trim().replace(/\s+/g, " ");
    if (item === "" || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    kept.push(item);
  }
  return kept;
};

const checkReport = (input: ReportInput) => {
  const report = {
    covered: input.covered.trim(),
    vocabulary: cleanVocabulary(input.vocabulary),
    corrections: input.corrections.trim(),
    homework: input.homework.trim(),
  };
  if (report.covered === "") throw invalid(lessonReportErrors.coveredRequired, "covered");
  for (const field of ["covered", "corrections", "homework"] as const)
    if (report[field].length > REPORT_TEXT_MAX) throw invalid(lessonReportErrors.tooLong, field);
  if (report.vocabulary.length > VOCABULARY_MAX) throw invalid(lessonReportErrors.vocabularyTooMany, "vocabulary");
  if (report.vocabulary.some((item) => item.length > VOCABULARY_ITEM_MAX))
    throw invalid(lessonReportErrors.vocabularyItem, "vocabulary");
  return report;
};

const sameReport = (state: LessonReport, report: ReportInput) =>
  state.status === "written" &&
  state.covered === report.covered &&
  state.corrections === report.corrections &&
  state.homework === report.homework &&
  state.vocabulary.length === report.vocabulary.length &&
  state.vocabulary.every((item, index) => item === report.vocabulary[index]);

/**
 * The lesson's teacher writes once the lesson has started (during it or after), so a report never precedes
 * the lesson; a cancelled lesson has nothing to report. Another teacher's lesson answers as an unknown one, so
 * a 403 does not tell which lessons exist. The same report again stores nothing (a retry, a double click).
 */
const writeReport = (command: WriteLessonReport, state: LessonReport): LessonReportEvent[] => {
  const { lesson } = command;
  if (!lesson || lesson.teacherId !== command.teacherId) throw notFound(lessonReportErrors.notFound);
  if (lesson.cancelled) throw conflict(lessonReportErrors.cancelled);
  if (Date.parse(lesson.date) > command.now.getTime()) throw invalid(lessonReportErrors.notStarted);
  const report = checkReport(command.report);
  if (sameReport(state, report)) return [];
  return [
    {
      type: "LessonReportWritten",
      data: {
        lessonId: lesson.id,
        studentId: lesson.studentId,
        teacherId: command.teacherId,
        version: state.status === "written" ? state.version + 1 : 1,
        ...report,
        at: command.now.toISOString(),
      },
    },
  ];
};

/** The lesson's student marks the homework done, once; again stores nothing. */
const markHomeworkDone = (command: MarkHomeworkDone, state: LessonReport): LessonReportEvent[] => {
  const { lesson } = command;
  if (!lesson || lesson.studentId !== command.studentId) throw notFound(lessonReportErrors.notFound);
  if (state.status !== "written") throw notFound(lessonReportErrors.noReport);
  if (state.homework === "") throw conflict(lessonReportErrors.noHomework);
  if (state.homeworkDoneAt !== null) return [];
  return [
    {
      type: "LessonHomeworkDone",
      data: { lessonId: lesson.id, studentId: command.studentId, at: command.now.toISOString() },
    },
  ];
};

export const lessonReportDecider: Decider<LessonReportCommand, LessonReportEvent, LessonReport> = {
  initialState: () => ({ status: "none" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "LessonReportWritten": {
        const { covered, corrections, homework, version } = event.data;
        // Sealed with the lesson's key: once either person is erased it reads as one removed text, not a list.
        const vocabulary = Array.isArray(event.data.vocabulary) ? event.data.vocabulary : [];
        // New homework is a new task: it is not done until the student says so again.
        const kept = state.status === "written" && state.homework === homework ? state.homeworkDoneAt : null;
        return { status: "written", version, covered, vocabulary, corrections, homework, homeworkDoneAt: kept };
      }
      case "LessonHomeworkDone":
        return state.status === "written" ? { ...state, homeworkDoneAt: event.data.at } : state;
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "WriteLessonReport":
        return writeReport(command, state);
      case "MarkHomeworkDone":
        return markHomeworkDone(command, state);
      default:
        return assertNever(command);
    }
  },
};
