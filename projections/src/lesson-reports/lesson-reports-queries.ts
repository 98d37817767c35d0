import { LESSON_DURATION_MS } from "@el/domain/lessons/lesson";
import type { LessonReportView, VocabularyEntry } from "@el/domain/lessons/reports/lesson-report-contracts";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "../sql";

/** The most vocabulary entries the progress page lists, newest first. */
export const VOCABULARY_LIST_LIMIT = 500;

interface ReportRow {
  lesson_id: string;
  student_id: string;
  teacher_id: string;
  version: number;
  covered: string;
  vocabulary: unknown;
  corrections: string;
  homework: string;
  written_at: Date;
  updated_at: Date;
  homework_done_at: Date | null;
  date: Date;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  level_id: number;
  level_name: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
}

const iso = (value: Date) => new Date(value).toISOString();
const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** A report with who may read it: its lesson's student and the teacher who wrote it. */
export interface LessonReportWithParties {
  studentId: number;
  teacherId: number;
  report: LessonReportView;
}

const viewOf = (row: ReportRow): LessonReportWithParties => ({
  studentId: Number(row.student_id),
  teacherId: Number(row.teacher_id),
  report: {
    lessonId: Number(row.lesson_id),
    date: iso(row.date),
    trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
    level: { id: row.level_id, name: row.level_name },
    studentName: fullName({ firstName: row.student_first_name, lastName: row.student_last_name }),
    teacherName: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
    covered: row.covered,
    vocabulary: listOf(row.vocabulary),
    corrections: row.corrections,
    homework: row.homework,
    version: row.version,
    writtenAt: iso(row.written_at),
    updatedAt: iso(row.updated_at),
    homeworkDoneAt: row.homework_done_at === null ? null : iso(row.homework_done_at),
  },
});

const SELECT_REPORTS = `
  select r.*, l.date, l.trail_id, l.trail_number, l.trail_title, l.level_id, l.level_name, l.student_first_name,
    l.student_last_name, l.teacher_first_name, l.teacher_last_name
  from lesson_reports r join progress_lessons l on l.lesson_id = r.lesson_id`;

/** The report of a lesson, with its parties; null when none was written. */
export const lessonReportOf = async (sql: Sql, lessonId: number): Promise<LessonReportWithParties | null> => {
  const { rows } = await sql.query<ReportRow>(`${SELECT_REPORTS} where r.lesson_id = $1`, [lessonId]);
  const row = rows[0];
  return row ? viewOf(row) : null;
};

/** Every report of a student's lessons, oldest lesson first: their personal-data download. */
export const lessonReportsOfStudent = async (sql: Sql, studentId: number): Promise<LessonReportView[]> => {
  const { rows } = await sql.query<ReportRow>(
    `${SELECT_REPORTS} where r.student_id = $1 order by l.date, r.lesson_id`,
    [studentId],
  );
  return rows.map((row) => viewOf(row).report);
};

/** The vocabulary of a student's reports, each entry once (compared without case), the newest report's first. */
export const vocabularyOfStudent = async (sql: Sql, studentId: number): Promise<VocabularyEntry[]> => {
  const { rows } = await sql.query<{ lesson_id: string; vocabulary: unknown; updated_at: Date }>(
    `select lesson_id, vocabulary, updated_at from lesson_reports where student_id = $1
     order by updated_at desc, lesson_id desc`,
    [studentId],
  );
  const seen = new Set<string>();
  const entries: VocabularyEntry[] = [];
  for (const row of rows)
    for (const text of listOf(row.vocabulary)) {
      const key = text.toLowerCase();
      if (seen.has(key) || entries.length >= VOCABULARY_LIST_LIMIT) continue;
      seen.add(key);
      entries.push({ text, lessonId: Number(row.lesson_id), at: iso(row.updated_at) });
    }
  return entries;
};

/** A lesson given to a student: its start, trail and level. */
export interface GivenLesson {
  lessonId: number;
  date: string;
  trail: { id: number; number: number; title: string };
  level: { id: number; name: string };
}

/** The student's lessons given by `now` (claimed, not cancelled, not reported as not held, over), oldest first. */
export const givenLessonsOfStudent = async (sql: Sql, studentId: number, now: Date): Promise<GivenLesson[]> => {
  const { rows } = await sql.query<{
    lesson_id: string;
    date: Date;
    trail_id: number;
    trail_number: number;
    trail_title: string;
    level_id: number;
    level_name: string;
  }>(
    `select lesson_id, date, trail_id, trail_number, trail_title, level_id, level_name from progress_lessons
     where student_id = $1 and teacher_id is not null and not cancelled and not not_held and date <= $2
     order by date, lesson_id`,
    [studentId, new Date(now.getTime() - LESSON_DURATION_MS)],
  );
  return rows.map((row) => ({
    lessonId: Number(row.lesson_id),
    date: iso(row.date),
    trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
    level: { id: row.level_id, name: row.level_name },
  }));
};

/** When the student last completed the level test; null when never. */
export const lastLevelTestOf = async (sql: Sql, studentId: number): Promise<string | null> => {
  const { rows } = await sql.query<{ completed_at: Date | null }>(
    "select max(completed_at) as completed_at from progress_level_tests where student_id = $1",
    [studentId],
  );
  const at = rows[0]?.completed_at;
  return at ? iso(at) : null;
};
