import { z } from "zod";

const required = "register.messages.validate.required";
const email = z.string().trim().min(1, required).email("register.messages.validate.email.invalid");
/** (99)99999-9999, as the mask writes it. */
const phone = z
  .string()
  .min(1, required)
  .regex(/^\(\d{2}\)\d{5}-\d{4}$/, "register.messages.validate.phone.invalid");

export const StudentStepOne = z
  .object({
    firstName: z.string().trim().min(1, required).max(50, "register.messages.validate.name.maxlength"),
    lastName: z.string().trim().min(1, required).max(50, "register.messages.validate.name.maxlength"),
    email,
    password: z
      .string()
      .min(1, required)
      .min(4, "global.messages.validate.newpassword.minlength")
      .max(50, "global.messages.validate.newpassword.maxlength"),
    confirmPassword: z.string().min(1, required),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "register.messages.validate.confirmPassword.dontmatch",
  });
export type StudentStepOne = z.infer<typeof StudentStepOne>;

export const OBJECTIVES = ["PROFESSIONAL", "TRAVEL", "CERTIFICATION", "SELF_DEVELOPMENT"] as const;
export const HEARD_FROM = ["FACEBOOK", "INSTAGRAM", "SITE", "FRIENDS", "WHATSAPP"] as const;

export const StudentStepTwo = z.object({
  phone,
  level: z.string().min(1, required),
  objective: z.enum(OBJECTIVES, { message: required }),
  heardFrom: z.enum(HEARD_FROM, { message: required }),
});
export type StudentStepTwo = z.infer<typeof StudentStepTwo>;

export const TeacherApplicationForm = z.object({
  name: z.string().trim().min(1, required).max(50, "register.messages.validate.name.maxlength"),
  email,
  phone,
  password: z
    .string()
    .min(1, required)
    .min(4, "global.messages.validate.newpassword.minlength")
    .max(50, "global.messages.validate.newpassword.maxlength"),
  // The spec gives the confirmation no rule of its own.
  passwordConfirm: z.string(),
  experience: z.string().trim().min(1, required).max(2000),
});
export type TeacherApplicationForm = z.infer<typeof TeacherApplicationForm>;
