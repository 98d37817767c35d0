import { z } from "zod";

/** One refused field of a 400: the path of the input at fault and the i18n key of why. */
export const FieldErrorAnswer = z.object({
  objectName: z.string().optional(),
  field: z.string(),
  message: z.string(),
});

/**
 * The body of every error answer (4xx, 503): its status, the i18n key (or the spec's sentence) the reader's
 * language turns into text, and for a 400 the fields at fault. A refusal may carry more (the params of its
 * message), so other keys are allowed.
 */
export const ErrorAnswer = z.looseObject({
  status: z.number().int(),
  message: z.string(),
  title: z.string().optional(),
  fieldErrors: z.array(FieldErrorAnswer).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;
