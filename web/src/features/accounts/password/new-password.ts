import { z } from "zod";

const password = (field: "newpassword" | "confirmpassword") =>
  z
    .string()
    .min(1, `global.messages.validate.${field}.required`)
    .min(4, `global.messages.validate.${field}.minlength`)
    .max(50, `global.messages.validate.${field}.maxlength`);

/** A new password and its confirmation, as the reset-finish rules of spec section 5 ask: 4 to 50, equal. */
export const newPasswordFields = { newPassword: password("newpassword"), confirmPassword: password("confirmpassword") };

export const confirmationMatches = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;
export const confirmationMismatch = { path: ["confirmPassword"], message: "global.messages.error.dontmatch" };
