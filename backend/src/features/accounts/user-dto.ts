import type { UserRow } from "@el/projections/users/index";
import { z } from "zod";

/** `GET /api/account`: the signed-in user as the web app's session holds it. */
export const AccountDto = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  activated: z.boolean(),
  langKey: z.string(),
  authorities: z.array(z.string()),
  balance: z.number(),
  /** Level id. */
  level: z.number().nullable(),
  objective: z.string().nullable(),
  phone: z.string().nullable(),
  imageUrl: z.string().nullable(),
  seen: z.string().nullable(),
  experience: z.string().nullable(),
  createdDate: z.string(),
});
export type AccountDto = z.infer<typeof AccountDto>;

export const toAccountDto = (user: UserRow): AccountDto => ({
  id: user.id,
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  activated: user.activated,
  langKey: user.langKey,
  authorities: user.authorities,
  balance: user.balance,
  level: user.levelId,
  objective: user.objective,
  phone: user.phone,
  imageUrl: user.imageUrl,
  seen: user.seen,
  experience: user.experience,
  createdDate: user.createdDate,
});

/** The administrator's view of any user (spec section 3, "User" and "Teacher user"). */
export const UserDto = AccountDto.extend({
  kind: z.enum(["student", "teacher", "admin"]),
  /** False while a teacher's application waits for an administrator. */
  accepted: z.boolean(),
  createdBy: z.string(),
  lastModifiedBy: z.string(),
  lastModifiedDate: z.string(),
  cpf: z.string().nullable(),
  street: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  number: z.string().nullable(),
  cep: z.string().nullable(),
  bankNumber: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankBranch: z.string().nullable(),
});
export type UserDto = z.infer<typeof UserDto>;

export const toUserDto = (user: UserRow): UserDto => ({
  ...toAccountDto(user),
  kind: user.kind,
  accepted: user.accepted,
  createdBy: user.createdBy,
  lastModifiedBy: user.lastModifiedBy,
  lastModifiedDate: user.lastModifiedDate,
  cpf: user.cpf,
  street: user.street,
  neighbourhood: user.neighbourhood,
  city: user.city,
  state: user.state,
  country: user.country,
  number: user.number,
  cep: user.cep,
  bankNumber: user.bankNumber,
  bankAccount: user.bankAccount,
  bankBranch: user.bankBranch,
});
