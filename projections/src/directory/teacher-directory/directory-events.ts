import type { TeacherEvent } from "@el/domain/accounts/teacher-account";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import type { TeacherLanguage, TeacherSpeciality } from "@el/domain/accounts/teacher-profile";
import { type ReviewModerationEvent, reviewModerationStreams } from "@el/domain/directory/review-moderation";
import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import type { Sql } from "../../sql";
import { lessonEvents } from "../../testing/lesson-events";
import { on, type SpecEvent } from "../../testing/projection-spec";

/** Builders of the events the directory's specs give: teachers applying, accepted, saving profiles; lessons. */
const { lesson, scheduled, accepted, cancelled } = lessonEvents();

export { accepted, cancelled, lesson, scheduled };

export const teacherEvent = (person: PersonSnapshot, event: TeacherEvent) => on(teacherStreams.id(person.id), event);

export const applied = (person: PersonSnapshot) =>
  teacherEvent(person, {
    type: "TeacherApplied",
    data: {
      id: person.id,
      login: `${person.id}@example.com`,
      email: `${person.id}@example.com`,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: null,
      experience: "Três anos",
      langKey: "pt-br",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      appliedAt: "2026-03-01T10:00:00.000Z",
    },
  });

/** Applied and accepted: a teacher the directory lists. */
export const activeTeacher = (person: PersonSnapshot): SpecEvent[] => [
  applied(person),
  teacherEvent(person, { type: "TeacherAccepted", data: { by: "admin" } }),
];

export const profileSaved = (
  person: PersonSnapshot,
  profile: {
    bio?: string;
    specialities?: TeacherSpeciality[];
    languages?: TeacherLanguage[];
    levelIds?: number[];
  },
) =>
  teacherEvent(person, {
    type: "TeacherProfileChanged",
    data: {
      bio: profile.bio ?? "",
      specialities: profile.specialities ?? [],
      languages: profile.languages ?? ["en"],
      ...(profile.levelIds ? { levelIds: profile.levelIds } : {}),
      by: `${person.id}@example.com`,
      at: "2026-03-02T10:00:00.000Z",
    },
  });

/** A lesson of `student` at `date`, taken by `teacher`. */
export const lessonGiven = (id: number, teacher: PersonSnapshot, date: string, student?: PersonSnapshot) => [
  scheduled(id, date, student ? { student } : {}),
  accepted(id, teacher),
];

/** The student's feedback on lesson `id` (feedback id `id + 5000`). */
export const feedback = (id: number, note: number | null, information = "", studentId = 1001) =>
  lesson(id, {
    type: "StudentFeedbackGiven",
    data: { feedbackId: id + 5000, studentId, note, information, givenAt: "2026-03-10T15:00:00.000Z" },
  });

export const moderation = (feedbackId: number, event: ReviewModerationEvent) =>
  on(reviewModerationStreams.id(feedbackId), event);

/**
 * Free starts as the availability read model holds them: the starts, and the availability's row keeping the
 * first of them as its first bookable start (as if computed when none had passed).
 */
export const freeStarts = async (sql: Sql, teacherId: number, starts: readonly string[]) => {
  for (const start of starts)
    await sql.query("insert into teacher_free_starts (teacher_id, starts_at) values ($1, $2)", [teacherId, start]);
  await sql.query(
    `insert into teacher_availability (teacher_id, weekly, days_off, free_until, next_free_start)
     select $1, '[]', '{}', max(starts_at), min(starts_at) from teacher_free_starts where teacher_id = $1
     on conflict (teacher_id) do update set next_free_start = excluded.next_free_start`,
    [teacherId],
  );
};
