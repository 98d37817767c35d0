import { invalid, type RecordedEvent, type RecordedOf, type StreamKind, stateFrom } from "@el/domain";
import {
  type AdministratorRegistered,
  adminAccountDecider,
  adminStreams,
  type HeardFrom,
  type Objective,
  studentAccountDecider,
  studentStreams,
  teacherAccountDecider,
  teacherStreams,
} from "@el/domain/accounts/index";
import { levelDecider, levelErrors, levelStreams } from "@el/domain/catalog/level";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { reservation, reservationStreams } from "./account-commands";
import { hashPassword } from "./passwords";

export interface NewStudent {
  firstName: string;
  lastName: string | null;
  email: string;
  password: string;
  phone: string | null;
  level: number | null;
  objective: Objective | null;
  seen: HeardFrom | null;
  langKey?: string;
}

export interface NewTeacher {
  firstName: string;
  lastName?: string | null;
  email: string;
  password: string;
  phone: string | null;
  experience: string | null;
  langKey?: string;
}

export interface NewAdministrator {
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
  langKey?: string;
  password: string;
  authorities: AdministratorRegistered["authorities"];
}

const normalised = (value: string) => value.trim().toLowerCase();

type Histories = Readonly<Record<string, readonly RecordedEvent[]>>;

/**
 * The catalogue's level a student registers in, read with the account's streams as a trail's creation reads
 * it: a level no one created is refused, and one created meanwhile is seen when the append is decided again.
 */
export const levelOfStudent = (level: number | null) => ({
  streams: level === null ? [] : [levelStreams.id(level)],
  check: (histories: Histories) => {
    if (level === null) return;
    if (stateFrom(levelDecider, levelStreams.history(histories, level)).status === "absent")
      throw invalid(levelErrors.notFound, "level");
  },
});

const NO_READS = { streams: [] as string[], check: (_histories: Histories) => {} };

/**
 * Creates an account and claims its e-mail and login in one append: the account stream is new, and the
 * claims are written at the versions just read, so of two registrations racing for one e-mail exactly one
 * is stored; the other is decided again and refused as a duplicate.
 */
export const registerAccount = async <Key, Event extends { type: string; data: unknown }>(
  app: FastifyInstance,
  account: { streams: StreamKind<Key, Event>; key: Key },
  login: string,
  email: string,
  decide: (history: RecordedOf<Event>[]) => Event[],
  context: CommandContext,
  reads: { streams: string[]; check: (histories: Histories) => void } = NO_READS,
) => {
  const streamId = account.streams.id(account.key);
  return executeOnStreams(
    app,
    [streamId, ...reservationStreams("email", email), ...reservationStreams("login", login), ...reads.streams],
    (histories) => {
      const claims = [
        ...reservation("email", email, { type: "Reserve", owner: streamId }, histories),
        ...reservation("login", login, { type: "Reserve", owner: streamId }, histories),
      ];
      const events = decide(account.streams.history(histories, account.key));
      reads.check(histories);
      return { appends: [{ streamId, events }, ...claims], result: undefined };
    },
    context,
  );
};

/** Registering a student: what they filled in, and the account's id, e-mail (its login too) and password hash. */
export const registerStudentCommand = (
  student: Omit<NewStudent, "email" | "password">,
  account: { id: number; email: string; passwordHash: string; at: Date; by?: string },
) => ({
  type: "RegisterStudent" as const,
  id: account.id,
  login: account.email,
  email: account.email,
  firstName: student.firstName,
  lastName: student.lastName,
  phone: student.phone,
  level: student.level,
  objective: student.objective,
  seen: student.seen,
  langKey: student.langKey ?? "pt-br",
  passwordHash: account.passwordHash,
  registeredAt: account.at.toISOString(),
  ...(account.by ? { registeredBy: account.by } : {}),
});

export const registerStudent = async (
  app: FastifyInstance,
  student: NewStudent,
  context: CommandContext & { by?: string } = {},
) => {
  const id = await app.nextId();
  const email = normalised(student.email);
  const passwordHash = await hashPassword(student.password);
  await registerAccount(
    app,
    { streams: studentStreams, key: id },
    email,
    email,
    (history) =>
      studentAccountDecider.decide(
        registerStudentCommand(student, { id, email, passwordHash, at: app.clock.now(), by: context.by }),
        stateFrom(studentAccountDecider, history),
      ),
    context,
    levelOfStudent(student.level),
  );
  return { id, login: email };
};

/** A teacher's application: what they filled in, and the account's id, e-mail (its login too) and password hash. */
export const applyAsTeacherCommand = (
  teacher: Omit<NewTeacher, "email" | "password">,
  account: { id: number; email: string; passwordHash: string; at: Date; by?: string },
) => ({
  type: "ApplyAsTeacher" as const,
  id: account.id,
  login: account.email,
  email: account.email,
  firstName: teacher.firstName,
  lastName: teacher.lastName ?? null,
  phone: teacher.phone,
  experience: teacher.experience,
  langKey: teacher.langKey ?? "pt-br",
  passwordHash: account.passwordHash,
  appliedAt: account.at.toISOString(),
  ...(account.by ? { registeredBy: account.by } : {}),
});

/** A teacher's application; one created by an administrator is accepted in the same append. */
export const applyAsTeacher = async (
  app: FastifyInstance,
  teacher: NewTeacher,
  context: CommandContext & { by?: string } = {},
) => {
  const id = await app.nextId();
  const email = normalised(teacher.email);
  const passwordHash = await hashPassword(teacher.password);
  await registerAccount(
    app,
    { streams: teacherStreams, key: id },
    email,
    email,
    (history) => {
      const applied = teacherAccountDecider.decide(
        applyAsTeacherCommand(teacher, { id, email, passwordHash, at: app.clock.now(), by: context.by }),
        stateFrom(teacherAccountDecider, history),
      );
      if (!context.by) return applied;
      const state = stateFrom(teacherAccountDecider, [...history, ...applied]);
      return [
        ...applied,
        ...teacherAccountDecider.decide({ type: "SetActivated", activated: true, by: context.by }, state),
      ];
    },
    context,
  );
  return { id, login: email };
};

export const registerAdministrator = async (
  app: FastifyInstance,
  admin: NewAdministrator,
  context: CommandContext & { by?: string } = {},
) => {
  const id = await app.nextId();
  const login = normalised(admin.login);
  const email = normalised(admin.email);
  const passwordHash = await hashPassword(admin.password);
  const { projected } = await registerAccount(
    app,
    { streams: adminStreams, key: login },
    login,
    email,
    (history) =>
      adminAccountDecider.decide(
        {
          type: "RegisterAdministrator",
          id,
          login,
          email,
          firstName: admin.firstName,
          lastName: admin.lastName,
          imageUrl: admin.imageUrl,
          langKey: admin.langKey ?? "pt-br",
          passwordHash,
          authorities: admin.authorities,
          registeredAt: app.clock.now().toISOString(),
          ...(context.by ? { registeredBy: context.by } : {}),
        },
        stateFrom(adminAccountDecider, history),
      ),
    context,
  );
  return { id, login, projected };
};
