import { z } from "zod";

/**
 * `GET /management/audits`: a sign-in, successful or refused, as the administrators' sign-in history lists it
 * (JHipster's audit shape). The page's total travels in `X-Total-Count`.
 */
export const SignInAuditView = z.object({
  id: z.number(),
  principal: z.string(),
  timestamp: z.string(),
  type: z.string(),
  data: z.object({ remoteAddress: z.string(), message: z.string().optional() }),
});
export type SignInAuditView = z.infer<typeof SignInAuditView>;

/** One page of the sign-in history. */
export const SignInAuditPage = z.array(SignInAuditView);
