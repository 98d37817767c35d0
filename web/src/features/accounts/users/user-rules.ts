import { z } from "zod";

/** Rules the administrator, teacher and student forms share (spec section 5). Messages are i18n keys. */

export const maxName = z.string().trim().max(50, "gerencia.validate.name.maxlength");

export const email = z
  .string()
  .trim()
  .min(1, "global.messages.validate.email.required")
  .min(5, "global.messages.validate.email.minlength")
  .max(254, "global.messages.validate.email.maxlength")
  .email("global.messages.validate.email.invalid");

/** Empty, or complete as the mask writes it: a half-typed number is refused rather than stored. */
const maskedOrEmpty = (pattern: RegExp, message: string) =>
  z.string().refine((value) => value === "" || pattern.test(value), message);

export const phone = maskedOrEmpty(/^\(\d{2}\)\d{5}-\d{4}$/, "gerencia.validate.phone.invalid");
export const cpf = maskedOrEmpty(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/, "gerencia.validate.cpf.invalid");
export const cep = maskedOrEmpty(/^\d{5}-\d{3}$/, "gerencia.validate.cep.invalid");

/** Optional free text with the server's limit. */
export const text = (max: number) => z.string().trim().max(max, `gerencia.validate.maxlength.${max}`);

/** What the server stores for an optional field left empty. */
export const orNull = (value: string) => (value.trim() === "" ? null : value.trim());
