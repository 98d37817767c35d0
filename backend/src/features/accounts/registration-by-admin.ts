import {
  type AccountCommand,
  type HeardFrom,
  type Objective,
  type ProfileChanges,
  type StudentCommand,
  studentAccountDecider,
  studentStreams,
  type TeacherCommand,
  teacherAccountDecider,
  teacherStreams,
} from "@el/domain/accounts/index";
import type { FastifyInstance } from "fastify";
import type { CommandContext } from "../../commands/execute";
import { decideInTurn } from "./account-commands";
import { hashPassword } from "./passwords";
import { levelOfStudent, registerAccount } from "./registration";

/** What an administrator knows of a person beyond the sign-up form: cpf and address, or bank details. */
export type ExtraProfile = Pick<
  ProfileChanges,
  | "cpf"
  | "street"
  | "neighbourhood"
  | "city"
  | "state"
  | "country"
  | "number"
  | "cep"
  | "bankNumber"
  | "bankAccount"
  | "bankBranch"
>;

interface Person {
  firstName: string;
  lastName: string | null;
  email: string;
  password: string;
  phone: string | null;
  langKey?: string;
  profile: ExtraProfile;
}

export type AdminRegistration =
  | (Person & { student: true; level: number | null; objective: Objective | null; seen: HeardFrom | null })
  | (Person & { student: false; experience: string | null });

/** Only the fields given: a registration starts with every profile field empty. */
const given = (profile: ExtraProfile): ProfileChanges =>
  Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined && value !== null));

/**
 * A student or an already-accepted teacher registered by an administrator, with the profile fields the
 * public forms do not ask for. Registration, acceptance, those fields and the e-mail and login claims go
 * in one append, so a failure never leaves an account without the cpf or bank details it was sent with.
 */
export const registerByAdmin = async (
  app: FastifyInstance,
  registration: AdminRegistration,
  context: CommandContext & { by: string },
) => {
  const id = await app.nextId();
  const email = registration.email.trim().toLowerCase();
  const passwordHash = await hashPassword(registration.password);
  const at = app.clock.now().toISOString();
  const common = {
    id,
    login: email,
    email,
    firstName: registration.firstName,
    lastName: registration.lastName,
    phone: registration.phone,
    langKey: registration.langKey ?? "pt-br",
    passwordHash,
    registeredBy: context.by,
  };
  const completeProfile: AccountCommand = {
    type: "ChangeProfile",
    changes: given(registration.profile),
    by: context.by,
  };

  if (registration.student) {
    const commands: StudentCommand[] = [
      {
        type: "RegisterStudent",
        ...common,
        level: registration.level,
        objective: registration.objective,
        seen: registration.seen,
        registeredAt: at,
      },
      completeProfile,
    ];
    const { projected } = await registerAccount(
      app,
      { streams: studentStreams, key: id },
      email,
      email,
      (history) => decideInTurn(studentAccountDecider, history, commands),
      context,
      levelOfStudent(registration.level),
    );
    return { id, login: email, projected };
  }
  const commands: TeacherCommand[] = [
    { type: "ApplyAsTeacher", ...common, experience: registration.experience, appliedAt: at },
    { type: "SetActivated", activated: true, by: context.by },
    completeProfile,
  ];
  const { projected } = await registerAccount(
    app,
    { streams: teacherStreams, key: id },
    email,
    email,
    (history) => decideInTurn(teacherAccountDecider, history, commands),
    context,
  );
  return { id, login: email, projected };
};
