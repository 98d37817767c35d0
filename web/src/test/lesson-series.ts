import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";

/** "Toda terça às 19:00 com Ana, 8 semanas", the first two lessons booked. */
export const lessonSeries = (changes: Partial<LessonSeriesView> = {}): LessonSeriesView => ({
  id: 7,
  status: "ACTIVE",
  teacher: { id: 21, firstName: "Ana", lastName: "Lima" },
  student: { id: 5, firstName: "Maria", lastName: "Souza" },
  trail: { id: 31, number: 1, title: "Small talk" },
  start: "2026-12-01T19:00:00-03:00",
  weeks: 8,
  occurrences: [
    { date: "2026-12-01T19:00:00-03:00", lessonId: 101, status: "BOOKED" },
    { date: "2026-12-08T19:00:00-03:00", lessonId: 102, status: "BOOKED" },
    { date: "2026-12-15T19:00:00-03:00", lessonId: null, status: "PLANNED" },
  ],
  pausedReason: null,
  ...changes,
});
