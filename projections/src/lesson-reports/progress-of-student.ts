import type { ProgressByTrail, ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import {
  LESSON_HOURS,
  LEVEL_TEST_RETAKE_AFTER_LESSONS,
  levelTestDue,
  streakOfWeeks,
} from "@el/domain/lessons/reports/progress";
import type { Sql } from "../sql";
import { givenLessonsOfStudent, lastLevelTestOf, vocabularyOfStudent } from "./lesson-reports-queries";

/** The student's progress page as of `now`: lessons and hours per level and trail, vocabulary, streak, level test. */
export const progressOfStudent = async (sql: Sql, studentId: number, now: Date): Promise<ProgressView> => {
  const [given, vocabulary, lastTakenAt] = await Promise.all([
    givenLessonsOfStudent(sql, studentId, now),
    vocabularyOfStudent(sql, studentId),
    lastLevelTestOf(sql, studentId),
  ]);
  const byTrail = new Map<string, ProgressByTrail>();
  for (const lesson of given) {
    const key = `${lesson.level.id}:${lesson.trail.id}`;
    const row = byTrail.get(key) ?? { level: lesson.level, trail: lesson.trail, lessons: 0, hours: 0 };
    row.lessons += 1;
    row.hours = row.lessons * LESSON_HOURS;
    byTrail.set(key, row);
  }
  const lessonsSince = lastTakenAt === null ? given.length : given.filter((lesson) => lesson.date > lastTakenAt).length;
  return {
    lessons: given.length,
    hours: given.length * LESSON_HOURS,
    byTrail: [...byTrail.values()].sort(
      (a, b) => a.level.id - b.level.id || a.trail.number - b.trail.number || a.trail.id - b.trail.id,
    ),
    vocabulary,
    streakWeeks: streakOfWeeks(
      given.map((lesson) => lesson.date),
      now,
    ),
    levelTest: {
      lastTakenAt,
      lessonsSince,
      retakeAfter: LEVEL_TEST_RETAKE_AFTER_LESSONS,
      due: levelTestDue(lastTakenAt, lessonsSince),
    },
  };
};
