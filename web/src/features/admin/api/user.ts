import { z } from "zod";

/** The administrator's view of a user (`UserDto` of the accounts slice). */
export const User = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  activated: z.boolean(),
  langKey: z.string().nullable().optional(),
  authorities: z.array(z.string()),
  kind: z.enum(["student", "teacher", "admin"]).optional(),
  /** False while a teacher's application waits for an administrator. */
  accepted: z.boolean().optional(),
  balance: z.number().nullable().optional(),
  phone: z.string().nullable().optional(),
  /** A student's level id. */
  level: z.number().nullable().optional(),
  objective: z.string().nullable().optional(),
  cpf: z.string().nullable().optional(),
  street: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  neighbourhood: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  cep: z.string().nullable().optional(),
  experience: z.string().nullable().optional(),
  bankNumber: z.string().nullable().optional(),
  bankBranch: z.string().nullable().optional(),
  bankAccount: z.string().nullable().optional(),
  hasMissingPayment: z.boolean().nullable().optional(),
  createdBy: z.string().nullable().optional(),
  createdDate: z.string().nullable().optional(),
  lastModifiedBy: z.string().nullable().optional(),
  lastModifiedDate: z.string().nullable().optional(),
});
export type User = z.infer<typeof User>;

export const fullName = (user: Pick<User, "firstName" | "lastName">) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ");

/** The fields a student gives at checkout: copied together when a student is created from another. */
export const ADDRESS_FIELDS = ["cep", "street", "number", "neighbourhood", "city", "state", "country"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
