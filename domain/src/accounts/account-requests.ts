import { z } from "zod";
import { FromReplay } from "../audit/audit-requests";
import { pagingQuery } from "../shared/page-query";
import { Authority, HeardFrom, Objective } from "./account";

/** Field rules of spec sections 5 and 9, shared by the account and user forms. */
export const accountFields = {
  // Checked after the trim, and stated in the API document (`format: email`), which a pipe would hide.
  email: z.string().trim().min(5).max(254).email(),
  password: z.string().min(4).max(50),
  name: z.string().trim().min(1).max(50),
  optionalName: z.string().trim().max(50).nullable().optional(),
  phone: z.string().trim().min(1).max(30),
  langKey: z.string().trim().min(2).max(10),
  imageUrl: z.string().trim().max(256).nullable().optional(),
  experience: z.string().trim().min(1).max(2000),
  level: z.number().int().positive(),
};

/** `POST /api/register` of a student. */
export const StudentRegistration = z.object({
  student: z.literal(true),
  firstName: accountFields.name,
  lastName: accountFields.name,
  email: accountFields.email,
  password: accountFields.password,
  phone: accountFields.phone,
  level: accountFields.level,
  objective: Objective,
  seen: HeardFrom,
  langKey: accountFields.langKey.optional(),
});
export type StudentRegistration = z.input<typeof StudentRegistration>;

/** `POST /api/register` of a teacher: an application awaiting an administrator. */
export const TeacherApplication = z.object({
  student: z.literal(false),
  firstName: accountFields.name,
  lastName: accountFields.optionalName,
  email: accountFields.email,
  password: accountFields.password,
  phone: accountFields.phone,
  experience: accountFields.experience,
  langKey: accountFields.langKey.optional(),
});
export type TeacherApplication = z.input<typeof TeacherApplication>;

export const Registration = z.discriminatedUnion("student", [StudentRegistration, TeacherApplication]);
export type Registration = z.input<typeof Registration>;

/** `GET /api/account/hasUser`: whether the sign-up form's e-mail is taken. */
export const EmailCheckQuery = z.object({ email: z.string().trim().min(1).max(254) });
export type EmailCheckQuery = z.input<typeof EmailCheckQuery>;

/** `POST /api/authenticate`. */
export const SignInBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(100),
  rememberMe: z.boolean().optional().default(false),
});
export type SignInBody = z.input<typeof SignInBody>;

/** `POST /api/account`: the signed-in user's own settings. */
export const AccountChangeBody = z.object({
  firstName: accountFields.optionalName,
  lastName: accountFields.optionalName,
  email: accountFields.email,
  langKey: accountFields.langKey.optional(),
  imageUrl: accountFields.imageUrl,
  phone: accountFields.phone.nullable().optional(),
});
export type AccountChangeBody = z.input<typeof AccountChangeBody>;

/** `POST /api/account/change-password`. */
export const PasswordChangeBody = z.object({
  currentPassword: z.string().min(1).max(100),
  newPassword: accountFields.password,
});
export type PasswordChangeBody = z.input<typeof PasswordChangeBody>;

/** `POST /api/account/reset-password/init`: the e-mail as plain text. */
export const PasswordResetInitBody = accountFields.email;
export type PasswordResetInitBody = z.input<typeof PasswordResetInitBody>;

/** `POST /api/account/reset-password/finish`: the key from the e-mailed link and the new password. */
export const PasswordResetFinishBody = z.object({
  key: z.string().trim().min(1).max(200),
  newPassword: accountFields.password,
});
export type PasswordResetFinishBody = z.input<typeof PasswordResetFinishBody>;

/** `DELETE /api/account`: the person's own password confirms it. */
export const AccountDeletionBody = z.object({ password: z.string().min(1).max(100) });
export type AccountDeletionBody = z.input<typeof AccountDeletionBody>;

/** A user named in the path (`/api/users/{login}`). */
export const LoginParams = z.object({ login: z.string().min(1).max(254) });
export type LoginParams = z.input<typeof LoginParams>;

const socialTicket = z.string().min(1).max(4096);

/** `GET /api/{provider}/code`: the provider's answer, sent back by the return page. */
export const SocialCodeQuery = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(256) });
export type SocialCodeQuery = z.input<typeof SocialCodeQuery>;

/** `POST /api/{provider}/link`: the account's password links the provider to it. */
export const SocialLinkBody = z.object({ ticket: socialTicket, password: z.string().min(1).max(100) });
export type SocialLinkBody = z.input<typeof SocialLinkBody>;

/** `POST /api/register/social`: a student the provider vouched for; the e-mail and photo are in the ticket. */
export const SocialRegistration = StudentRegistration.omit({ student: true, email: true, password: true }).extend({
  ticket: socialTicket,
});
export type SocialRegistration = z.input<typeof SocialRegistration>;

/** `POST /api/register/social/teacher`: a teacher's application the provider vouched for. */
export const SocialTeacherApplication = TeacherApplication.omit({ student: true, email: true, password: true }).extend({
  ticket: socialTicket,
});
export type SocialTeacherApplication = z.input<typeof SocialTeacherApplication>;

/** Paths under /api/users that are lists, not logins: no account may take them as its login. */
const listPaths = ["admin", "teacher", "student", "authorities"];

const login = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(/^[_.@A-Za-z0-9+-]+$/)
  .refine((value) => !listPaths.includes(value.toLowerCase()), "error.userexists");

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The cpf and address a student gives at checkout; an administrator may also fill them in. */
const addressFields = {
  cpf: optionalText(20),
  street: optionalText(200),
  neighbourhood: optionalText(100),
  city: optionalText(100),
  state: optionalText(50),
  country: optionalText(50),
  number: optionalText(20),
  cep: optionalText(10),
};

/** Where a teacher is paid (spec section 3, "Teacher user"). */
const bankFields = {
  bankNumber: optionalText(20),
  bankAccount: optionalText(30),
  bankBranch: optionalText(20),
};

/** `PUT /api/users`: what an administrator may change on any user. */
export const UserUpdate = z.object({
  id: z.number().int().positive(),
  firstName: accountFields.optionalName,
  lastName: accountFields.optionalName,
  email: accountFields.email.optional(),
  activated: z.boolean().optional(),
  langKey: accountFields.langKey.optional(),
  authorities: z.array(Authority).min(1).optional(),
  imageUrl: accountFields.imageUrl,
  phone: optionalText(30),
  level: accountFields.level.nullable().optional(),
  objective: Objective.nullable().optional(),
  experience: optionalText(2000),
  ...addressFields,
  ...bankFields,
});
export type UserUpdate = z.input<typeof UserUpdate>;

/** `POST /api/users`: an administrator. */
export const NewAdministrator = z.object({
  id: z.null().optional(),
  login,
  email: accountFields.email,
  firstName: accountFields.optionalName,
  lastName: accountFields.optionalName,
  langKey: accountFields.langKey.optional(),
  imageUrl: accountFields.imageUrl,
  authorities: z.array(Authority).optional(),
  password: accountFields.password,
});
export type NewAdministrator = z.input<typeof NewAdministrator>;

/**
 * `POST /api/registerByAdmin`: accounts an administrator creates for others, like the public forms with less
 * required, plus what the management forms hold (a student's cpf and address, a teacher's cpf and bank details).
 */
export const RegistrationByAdmin = z.discriminatedUnion("student", [
  z.object({
    student: z.literal(true),
    firstName: accountFields.name,
    lastName: accountFields.optionalName,
    email: accountFields.email,
    password: accountFields.password.optional(),
    phone: accountFields.phone.nullable().optional(),
    level: accountFields.level.nullable().optional(),
    objective: Objective.nullable().optional(),
    seen: HeardFrom.nullable().optional(),
    langKey: accountFields.langKey.optional(),
    ...addressFields,
  }),
  z.object({
    student: z.literal(false),
    firstName: accountFields.name,
    lastName: accountFields.optionalName,
    email: accountFields.email,
    password: accountFields.password.optional(),
    phone: accountFields.phone.nullable().optional(),
    experience: accountFields.experience.nullable().optional(),
    langKey: accountFields.langKey.optional(),
    cpf: addressFields.cpf,
    ...bankFields,
  }),
]);
export type RegistrationByAdmin = z.input<typeof RegistrationByAdmin>;

/** `GET /api/users…`'s filters beside the page: part of the name or e-mail, and whether credits are left. */
export const UserListFilters = z.object({
  search: z.string().trim().max(100).optional(),
  balance: z.enum(["true", "false"]).optional(),
});
export type UserListFilters = z.input<typeof UserListFilters>;

/** `POST /api/teacher-applications/{id}/reject`: why, for the e-mail the applicant receives. */
export const ApplicationRejectionBody = z.object({ reason: z.string().max(500) });
export type ApplicationRejectionBody = z.input<typeof ApplicationRejectionBody>;

/**
 * `GET /api/users…`: one page sorted by the fields the users' read model orders by (the caller passes
 * them), with the list's filters, from a replay when asked.
 */
export const userListQuery = <Field extends string>(sortFields: readonly [Field, ...Field[]]) =>
  pagingQuery(sortFields).extend({ ...UserListFilters.shape, ...FromReplay });
