import { studentStreams } from "@el/domain/accounts/student-account";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import { type LessonScheduled, lessonStreams } from "@el/domain/lessons/lesson";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { FastifyInstance } from "fastify";

/**
 * People and lessons for the lesson-loop tests, written as the events the accounts slice stores: the
 * tests then depend on the event contract, not on the registration screens.
 */

const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";

const append = async (app: FastifyInstance, streamId: string, events: { type: string; data: unknown }[]) => {
  const appended = await app.eventStore.appendMany([{ streamId, events, expectedVersion: "any" }]);
  await app.projections.waitFor(appended.lastPosition);
};

export interface Person {
  id: number;
  login: string;
  firstName: string;
  token: string;
  auth: { authorization: string };
}

export const givenStudent = async (app: FastifyInstance, options: { credits?: number; firstName?: string } = {}) => {
  const id = await app.nextId();
  const login = `student${id}@example.com`;
  const firstName = options.firstName ?? `Aluna${id}`;
  const events: { type: string; data: unknown }[] = [
    {
      type: "StudentRegistered",
      data: {
        id,
        login,
        email: login,
        firstName,
        lastName: "Souza",
        phone: null,
        level: 1,
        objective: "TRAVEL",
        seen: null,
        langKey: "pt-br",
        passwordHash,
        registeredAt: new Date().toISOString(),
      },
    },
  ];
  if (options.credits) events.push({ type: "CreditsGranted", data: { amount: options.credits, grantedBy: "admin" } });
  await append(app, studentStreams.id(id), events);
  const token = app.issueToken({ id, login, authorities: ["ROLE_USER", "ROLE_STUDENT"] }, false);
  return { id, login, firstName, token, auth: { authorization: `Bearer ${token}` } } satisfies Person;
};

export const givenTeacher = async (app: FastifyInstance, options: { firstName?: string } = {}) => {
  const id = await app.nextId();
  const login = `teacher${id}@example.com`;
  const firstName = options.firstName ?? `Prof${id}`;
  await append(app, teacherStreams.id(id), [
    {
      type: "TeacherApplied",
      data: {
        id,
        login,
        email: login,
        firstName,
        lastName: "Lima",
        phone: null,
        experience: "Ten years teaching English",
        langKey: "pt-br",
        passwordHash,
        appliedAt: new Date().toISOString(),
      },
    },
    { type: "TeacherAccepted", data: { by: "admin" } },
  ]);
  const token = app.issueToken({ id, login, authorities: ["ROLE_USER", "ROLE_TEACHER"] }, false);
  return { id, login, firstName, token, auth: { authorization: `Bearer ${token}` } } satisfies Person;
};

/** A trail of an active level, from the seeded catalogue. */
export const aTrail = async (app: FastifyInstance, levelId = 1) => {
  const { rows } = await app.db.query<{ id: number; number: number; title: string; level_id: number }>(
    "select id, number, title, level_id from catalog_trails where level_id = $1 order by number limit 1",
    [levelId],
  );
  const trail = rows[0];
  if (!trail) throw new Error(`no trail of level ${levelId} in the seeded catalogue`);
  return trail;
};

/** `hour`:00 in São Paulo, `days` days from now (an instant the schedule form accepts). */
export const saoPauloTime = (days: number, hour: number, minute = 0) =>
  `${localDateOf(new Date(Date.now() + days * 86_400_000))}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00-03:00`;

/**
 * A lesson written straight into its stream, at any instant (past ones included), for the rules that
 * depend on time having passed: feedback after the lesson, late cancellation.
 */
export const givenLesson = async (
  app: FastifyInstance,
  student: Person,
  options: { date: Date; teacher?: Person; creditSpent?: boolean },
) => {
  const id = await app.nextId();
  const scheduled: LessonScheduled = {
    id,
    student: { id: student.id, firstName: student.firstName, lastName: "Souza" },
    trail: { id: 1, number: 1, title: "Greetings" },
    level: { id: 1, name: "Begginer" },
    date: options.date.toISOString(),
    objective: "TRAVEL",
    createdDate: new Date().toISOString(),
  };
  const events: { type: string; data: unknown }[] = [{ type: "LessonScheduled", data: scheduled }];
  if (options.teacher)
    events.push({
      type: "LessonAccepted",
      data: {
        teacher: { id: options.teacher.id, firstName: options.teacher.firstName, lastName: "Lima" },
        meetUrl: `https://meet.jit.si/EnglishLessons-${id}-test`,
        acceptedAt: new Date().toISOString(),
      },
    });
  await append(app, lessonStreams.id(id), events);
  if (options.creditSpent !== false)
    await append(app, studentStreams.id(student.id), [
      { type: "CreditSpent", data: { lessonId: id, schedulingId: id } },
    ]);
  return id;
};
