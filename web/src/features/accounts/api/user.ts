import { UserView } from "@el/domain/accounts/user-view";
import { fullName as personName } from "@el/domain/shared/full-name";
import { z } from "zod";

/**
 * The administrator's view of a user, as the users routes answer it. The screens need who the user is;
 * the rest fills in the fields a kind of user has, and the lists and forms show blanks without it.
 */
export const User = UserView.partial({
  langKey: true,
  kind: true,
  accepted: true,
  balance: true,
  trialCredits: true,
  phone: true,
  level: true,
  objective: true,
  seen: true,
  cpf: true,
  street: true,
  number: true,
  neighbourhood: true,
  city: true,
  state: true,
  country: true,
  cep: true,
  experience: true,
  imageUrl: true,
  bankNumber: true,
  bankBranch: true,
  bankAccount: true,
  createdBy: true,
  createdDate: true,
  lastModifiedBy: true,
  lastModifiedDate: true,
}).extend({
  /** A teacher with a held lesson not yet paid ("Em débito"); optional so a user from any list parses. */
  hasMissingPayment: z.boolean().nullable().optional(),
  /** A teacher's rating from their students' notes; optional for the same reason. */
  rating: UserView.shape.rating.unwrap().unwrap().nullable().optional(),
});
export type User = z.infer<typeof User>;

export const fullName = (user: Pick<User, "firstName" | "lastName">) => personName(user);

/** The fields a student gives at checkout: copied together when a student is created from another. */
export const ADDRESS_FIELDS = ["cep", "street", "number", "neighbourhood", "city", "state", "country"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
