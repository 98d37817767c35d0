import { HeardFrom, SignUpObjective } from "@el/domain/accounts/account";
import { z } from "zod";

const required = "register.messages.validate.required";
const email = z.string().trim().min(1, required).email("register.messages.validate.email.invalid");
/** (99)99999-9999, as the mask writes it. */
const phone = z
  .string()
  .min(1, required)
  .regex(/^\(\d{2}\)\d{5}-\d{4}$/, "register.messages.validate.phone.invalid");

const name = z.string().trim().min(1, required).max(50, "register.messages.validate.name.maxlength");
const password = z
  .string()
  .min(1, required)
  .min(4, "global.messages.validate.newpassword.minlength")
  .max(50, "global.messages.validate.newpassword.maxlength");
const confirmationMatches = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const confirmationMismatch = {
  path: ["confirmPassword"],
  message: "register.messages.validate.confirmPassword.dontmatch",
  // Compared even while other fields are still wrong, so every message shows at the first submit.
  when: ({ value }: { value: unknown }) => {
    const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
    return typeof password === "string" && typeof confirmPassword === "string";
  },
};

export const StudentStepOne = z
  .object({ firstName: name, lastName: name, email, password, confirmPassword: z.string().min(1, required) })
  .refine(confirmationMatches, confirmationMismatch);
export type StudentStepOne = z.infer<typeof StudentStepOne>;

/**
 * Step 2. Last name and password come from step 1; a visitor sent by a social sign-in brings only name,
 * e-mail and photo, so for them these are asked here (an account still needs a password to sign in).
 */
const stepTwoFields = {
  phone,
  level: z.string().min(1, required),
  objective: z.enum(SignUpObjective.options, { message: required }),
  heardFrom: z.enum(HeardFrom.options, { message: required }),
  lastName: name,
};
export const StudentStepTwo = z
  .object({ ...stepTwoFields, password, confirmPassword: z.string().min(1, required) })
  .refine(confirmationMatches, confirmationMismatch);
export type StudentStepTwo = z.infer<typeof StudentStepTwo>;

/** Step 2 after Google or Facebook vouched for the student (a ticket came along): no password to choose. */
export const SocialStepTwo = z.object({ ...stepTwoFields, password: z.string(), confirmPassword: z.string() });

/** A teacher's application after Google or Facebook vouched for them: no e-mail or password to type. */
export const SocialTeacherStepTwo = z.object({
  // The spec's teacher form asks a name only; the provider's last name is kept when there is one.
  lastName: z.string().trim().max(50, "register.messages.validate.name.maxlength"),
  phone,
  experience: z.string().trim().min(1, required).max(2000),
});
export type SocialTeacherStepTwo = z.infer<typeof SocialTeacherStepTwo>;

export const TeacherApplicationForm = z.object({
  name,
  email,
  phone,
  password,
  // The spec gives the confirmation no rule of its own.
  passwordConfirm: z.string(),
  experience: z.string().trim().min(1, required).max(2000),
});
export type TeacherApplicationForm = z.infer<typeof TeacherApplicationForm>;
