import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../../lib/api";

/**
 * The server's messages are i18n keys for business rules (`error.emailexists`) but plain English from
 * schema validation; those are shown as the spec's size error or a generic one, in the user's language.
 */
const messageKeyOf = (message: string) => {
  if (/^Too (big|small)/i.test(message)) return "gerencia.validate.size";
  return /^[\w.-]+$/.test(message) ? message : "gerencia.validate.invalid";
};

/**
 * Places the field errors of a 400 beside the form's own fields. True when every one of them found its
 * field, so the form need not repeat them in its general alert.
 */
export const showServerFieldErrors = <Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
) => {
  if (!(error instanceof ApiError) || error.status !== 400 || error.fieldErrors.length === 0) return false;
  let placedAll = true;
  for (const fieldError of error.fieldErrors) {
    const field = fields.find((name) => name === fieldError.field);
    if (field) setError(field, { type: "server", message: messageKeyOf(fieldError.message) });
    else placedAll = false;
  }
  return placedAll;
};
