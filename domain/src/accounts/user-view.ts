import { z } from "zod";
import { Authority, HeardFrom, Objective } from "./account";

/**
 * The user as the account routes answer it, declared once: the backend's response schemas and the web
 * app's parsing (the session's account, the administrator's user screens) use these.
 */

/** `GET /api/account`: the signed-in user, as the web app's session holds it. */
export const AccountView = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  activated: z.boolean(),
  langKey: z.string(),
  authorities: z.array(Authority),
  /** Lesson credits left (students; 0 for the others). */
  balance: z.number().int(),
  /** Free trial lessons left (students): spendable only on a lesson of the "Aula Experimental" level. */
  trialCredits: z.number().int().default(0),
  /** A student's level id. */
  level: z.number().int().nullable(),
  objective: Objective.nullable(),
  phone: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Where a student heard of us. */
  seen: HeardFrom.nullable(),
  experience: z.string().nullable(),
  createdDate: z.string(),
});
export type AccountView = z.infer<typeof AccountView>;

/** The administrator's view of any user (spec section 3, "User" and "Teacher user"). */
export const UserView = AccountView.extend({
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
  /** A teacher's debt indicator: a held lesson not paid yet ("Em débito"); null for other users. */
  hasMissingPayment: z.boolean().nullable().default(null),
  /** A teacher's rating from their students' notes; null for other users. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }).nullable().default(null),
});
export type UserView = z.infer<typeof UserView>;
