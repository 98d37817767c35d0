import type { LessonRequestView } from "@el/domain/directory/directory-contracts";

/** A request Paul (teacher 7) was asked, as `GET /api/lesson-requests` lists it. */
export const requestView = (
  id: number,
  date: string,
  expiresAt: string,
  status: LessonRequestView["status"] = "REQUESTED",
): LessonRequestView => ({
  id,
  status,
  fallback: "BOARD",
  expiresAt,
  scheduling: {
    id,
    date,
    objective: "TRAVEL",
    trail: { id: 21, number: 1, title: "Small talk at work", level: 2 },
    level: { id: 2, name: "Intermediário" },
    student: { id: 5, firstName: "Ana", lastName: "Souza" },
    lesson: null,
    createdDate: "2026-12-01T12:00:00.000Z",
  },
  teacher: { id: 7, firstName: "Paul", lastName: "Smith" },
});

/** `lesson:requested` as the server pushes it. */
export const requestedPush = (id: number, date: string, expiresAt: string) => ({
  lesson: {
    id,
    date,
    objective: "PROFESSIONAL",
    level: { id: 1, name: "Básico" },
    trail: { id: 11, number: 2, title: "Ordering food" },
    student: { id: 6, firstName: "Bruno", lastName: "Lima" },
  },
  expiresAt,
});
