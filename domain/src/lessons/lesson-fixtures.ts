import type { StudentEvent } from "../accounts/student-account";
import type { TeacherEvent } from "../accounts/teacher-account";
import type {
  LessonCommand,
  LessonEvent,
  LessonScheduled,
  PersonSnapshot,
  ScheduleLesson,
  TrailInCatalog,
} from "./lesson";

/** One lesson's people, trail and first events, shared by the lesson's specs. */

export const now = new Date("2026-05-04T12:00:00-03:00");
export const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

export const ana = { id: 11, firstName: "Ana", lastName: "Souza" };
export const bruno: PersonSnapshot = { id: 21, firstName: "Bruno", lastName: "Lima" };
export const carla = { id: 22, firstName: "Carla", lastName: null };
export const trail: TrailInCatalog = {
  id: 5,
  number: 3,
  title: "Ordering food",
  level: { id: 1, name: "Begginer", active: true },
};

export const schedule = (overrides: Partial<ScheduleLesson> = {}): LessonCommand => ({
  type: "ScheduleLesson",
  id: 100,
  student: ana,
  trail,
  levelId: 1,
  date: "2026-05-06T10:00:00-03:00",
  objective: "TRAVEL",
  now,
  ...overrides,
});

export const scheduledData: LessonScheduled = {
  id: 100,
  student: ana,
  trail: { id: 5, number: 3, title: "Ordering food" },
  level: { id: 1, name: "Begginer" },
  date: "2026-05-06T13:00:00.000Z",
  objective: "TRAVEL",
  createdDate: now.toISOString(),
};
export const scheduled: LessonEvent = { type: "LessonScheduled", data: scheduledData };
export const accepted: LessonEvent = {
  type: "LessonAccepted",
  data: { teacher: bruno, meetUrl: "https://meet.jit.si/el-100-abc", acceptedAt: now.toISOString() },
};
/** Two days after the lesson: it is over and may be rated. */
export const afterLesson = later(50);

/** A person's sign-up as a student at `at`, with the login `firstname@example.com`. */
export const studentRegistered = (person: PersonSnapshot, at: string): StudentEvent => ({
  type: "StudentRegistered",
  data: {
    ...person,
    login: `${person.firstName.toLowerCase()}@example.com`,
    email: `${person.firstName.toLowerCase()}@example.com`,
    phone: null,
    level: 1,
    objective: "TRAVEL",
    seen: null,
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$x$y",
    registeredAt: at,
  },
});
/** A person's application to teach at `at`, with the login `firstname@example.com`. */
export const teacherApplied = (person: PersonSnapshot, at: string): TeacherEvent => ({
  type: "TeacherApplied",
  data: {
    ...person,
    login: `${person.firstName.toLowerCase()}@example.com`,
    email: `${person.firstName.toLowerCase()}@example.com`,
    phone: null,
    experience: "Cinco anos",
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$x$y",
    appliedAt: at,
  },
});

/** Ana's sign-up, the first event of her student account. */
export const anaRegistered = studentRegistered(ana, now.toISOString());
/** Bruno's application, the first event of his teacher account; `brunoAccepted` lets him teach. */
export const brunoApplied = teacherApplied(bruno, now.toISOString());
export const brunoAccepted: TeacherEvent = { type: "TeacherAccepted", data: { by: "admin" } };
