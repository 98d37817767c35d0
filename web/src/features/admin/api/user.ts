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
  experience: z.string().nullable().optional(),
  hasMissingPayment: z.boolean().nullable().optional(),
  createdBy: z.string().nullable().optional(),
  createdDate: z.string().nullable().optional(),
  lastModifiedBy: z.string().nullable().optional(),
  lastModifiedDate: z.string().nullable().optional(),
});
export type User = z.infer<typeof User>;

export const fullName = (user: Pick<User, "firstName" | "lastName">) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ");
