import { z } from "zod";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import {
  type AccountCommand,
  type AccountCore,
  type AccountEvent,
  accountErrors,
  accountEventSchemas,
  evolveAccountCore,
  newAccountCore,
  type SetActivated,
} from "./account";
import { decideAccountCommand } from "./account-commands";
import {
  emptyPublicProfile,
  normalizeTeacherProfile,
  type TeacherProfileInput,
  type TeacherPublicProfile,
  teacherProfileErrors,
  teacherProfileEventSchemas,
} from "./teacher-profile";

/**
 * The teacher account (stream `teacher-{id}`). A teacher applies through the public form and may sign in
 * only once an administrator accepts the application; after that, activation is an ordinary toggle.
 */

export const TeacherApplied = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1).max(254),
  email: z.string().max(254),
  firstName: z.string().max(50),
  lastName: z.string().max(50).nullable(),
  phone: z.string().max(30).nullable(),
  experience: z.string().max(2000).nullable(),
  langKey: z.string().max(10),
  passwordHash: z.string().startsWith("$argon2id$"),
  appliedAt: z.iso.datetime({ offset: true }),
  /** Login of the administrator who created the account, when not an application from the public form. */
  registeredBy: z.string().optional(),
});
export type TeacherApplied = z.infer<typeof TeacherApplied>;

export const teacherEventSchemas = {
  TeacherApplied,
  TeacherAccepted: z.object({ by: z.string() }),
  /** An administrator turned the application down, saying why (the applicant is told by e-mail). */
  TeacherRejected: z.object({
    by: z.string(),
    reason: z.string().min(1).max(500),
    at: z.iso.datetime({ offset: true }),
  }),
  ...teacherProfileEventSchemas,
};

export const applicationErrors = {
  reason: "error.application.reason",
  notPending: "error.application.notPending",
} as const;

export type TeacherEvent = EventOf<typeof teacherEventSchemas> | AccountEvent;

export const teacherStreams = streamKind("teacher", { ...teacherEventSchemas, ...accountEventSchemas }, numericKey);

export type ApplyAsTeacher = Command<"ApplyAsTeacher", TeacherApplied>;
export type RejectApplication = Command<"RejectApplication", { by: string; reason: string; now: Date }>;
/** Without `levelIds`, the levels saved before stay. */
export type ChangeTeacherProfile = Command<
  "ChangeTeacherProfile",
  { by: string; now: Date } & Omit<TeacherProfileInput, "levelIds"> & { levelIds?: readonly number[] }
>;
export type ChangeTeacherPhoto = Command<"ChangeTeacherPhoto", { photo: string; by: string; now: Date }>;

export type TeacherCommand =
  | ApplyAsTeacher
  | RejectApplication
  | ChangeTeacherProfile
  | ChangeTeacherPhoto
  | AccountCommand;

export type TeacherAccount =
  | { status: "unregistered" }
  | {
      status: "applied" | "active" | "deactivated" | "deleted";
      accepted: boolean;
      account: AccountCore;
      /** Set while the application stands turned down (accepting it later clears it). */
      rejected?: { reason: string; at: string };
      /** What students see of the teacher; absent until the teacher first saves it or uploads a photo. */
      publicProfile?: TeacherPublicProfile;
    };
type RegisteredTeacher = Exclude<TeacherAccount, { status: "unregistered" }>;

const statusOf = (accepted: boolean, account: AccountCore): RegisteredTeacher["status"] =>
  account.deleted ? "deleted" : !accepted ? "applied" : account.activated ? "active" : "deactivated";

const sameList = <Item>(a: readonly Item[], b: readonly Item[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Only a teacher who may teach edits what students see; a save that changes nothing stores nothing. */
export const changeTeacherProfile = (command: ChangeTeacherProfile, state: RegisteredTeacher): TeacherEvent[] => {
  if (state.status !== "active") throw conflict(teacherProfileErrors.notTeacher);
  const current = state.publicProfile ?? emptyPublicProfile;
  const input = normalizeTeacherProfile({ ...command, levelIds: command.levelIds ?? current.levelIds });
  const events: TeacherEvent[] = [];
  if (
    state.publicProfile === undefined ||
    current.bio !== input.bio ||
    !sameList(current.specialities, input.specialities) ||
    !sameList(current.languages, input.languages) ||
    !sameList(current.levelIds, input.levelIds)
  ) {
    const { bio, specialities, languages, levelIds } = input;
    events.push({
      type: "TeacherProfileChanged",
      data: { bio, specialities, languages, levelIds, by: command.by, at: command.now.toISOString() },
    });
  }
  // The experience is the one the application gave, which the back office also shows and edits.
  const experience = input.experience === "" ? null : input.experience;
  if (experience !== state.account.profile.experience)
    events.push({ type: "ProfileChanged", data: { changes: { experience }, by: command.by } });
  return events;
};

export const applyAsTeacher = (command: ApplyAsTeacher, state: TeacherAccount): TeacherEvent[] => {
  if (state.status !== "unregistered") throw invalid(accountErrors.loginExists, "email");
  const { type: _, ...data } = command;
  return [{ type: "TeacherApplied", data }];
};

export const rejectApplication = (command: RejectApplication, state: RegisteredTeacher): TeacherEvent[] => {
  const reason = command.reason.trim();
  if (reason.length === 0 || reason.length > 500) throw invalid(applicationErrors.reason, "reason");
  if (state.status !== "applied" || state.rejected) throw conflict(applicationErrors.notPending);
  return [{ type: "TeacherRejected", data: { by: command.by, reason, at: command.now.toISOString() } }];
};

export const changeTeacherPhoto = (command: ChangeTeacherPhoto, state: RegisteredTeacher): TeacherEvent[] => {
  if (state.status !== "active") throw conflict(teacherProfileErrors.notTeacher);
  if (state.publicProfile?.photo === command.photo) return [];
  return [
    { type: "TeacherPhotoChanged", data: { photo: command.photo, by: command.by, at: command.now.toISOString() } },
  ];
};

/** Activating an application is accepting it: from then on the teacher may sign in. */
export const activateTeacher = (command: SetActivated, state: RegisteredTeacher): TeacherEvent[] => {
  if (command.activated && !state.accepted && !state.account.deleted)
    return [{ type: "TeacherAccepted", data: { by: command.by } }];
  return decideAccountCommand(command, state.account);
};

export const teacherAccountDecider: Decider<TeacherCommand, TeacherEvent, TeacherAccount> = {
  initialState: () => ({ status: "unregistered" }),

  evolve: (state, event) => {
    if (event.type === "TeacherApplied") {
      const { id, login, email, firstName, lastName, phone, experience, langKey, passwordHash } = event.data;
      return {
        status: "applied",
        accepted: false,
        account: newAccountCore({
          id,
          login,
          passwordHash,
          activated: false,
          authorities: ["ROLE_USER", "ROLE_TEACHER"],
          profile: { email, firstName, lastName, phone, experience, langKey },
        }),
      };
    }
    if (state.status === "unregistered") return state;
    if (event.type === "TeacherAccepted") {
      const account = { ...state.account, activated: true };
      const { rejected: _, ...rest } = state;
      return { ...rest, accepted: true, account, status: statusOf(true, account) };
    }
    if (event.type === "TeacherRejected")
      return { ...state, rejected: { reason: event.data.reason, at: event.data.at } };
    if (event.type === "TeacherProfileChanged") {
      const { bio, specialities, languages, levelIds = [] } = event.data;
      const photo = state.publicProfile?.photo ?? null;
      return { ...state, publicProfile: { bio, specialities, languages, levelIds, photo } };
    }
    if (event.type === "TeacherPhotoChanged")
      return { ...state, publicProfile: { ...(state.publicProfile ?? emptyPublicProfile), photo: event.data.photo } };
    const account = evolveAccountCore(state.account, event);
    return { ...state, account, status: statusOf(state.accepted, account) };
  },

  decide: (command, state) => {
    if (command.type === "ApplyAsTeacher") return applyAsTeacher(command, state);
    if (state.status === "unregistered") throw notFound(accountErrors.notRegistered);
    switch (command.type) {
      case "RejectApplication":
        return rejectApplication(command, state);
      case "ChangeTeacherProfile":
        return changeTeacherProfile(command, state);
      case "ChangeTeacherPhoto":
        return changeTeacherPhoto(command, state);
      case "SetActivated":
        return activateTeacher(command, state);
      default:
        // Only the shared account commands are left: a new teacher command without its case does not compile.
        return decideAccountCommand(command, state.account);
    }
  },
};

export const teacherEventDefinitions = Object.entries(teacherEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
