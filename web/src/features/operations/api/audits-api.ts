import type { signInAuditQuery } from "@el/domain/audit/audit-requests";
import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";

/** A sign-in, successful or refused, as `GET /management/audits` lists it. */
export const AuditView = z.object({
  id: z.number(),
  principal: z.string(),
  timestamp: z.string(),
  type: z.string(),
  data: z.object({ remoteAddress: z.string(), message: z.string().optional() }),
});
export type AuditView = z.infer<typeof AuditView>;

/** Whole days in São Paulo, `YYYY-MM-DD`; `toDate` includes its day. */
export type AuditQuery = PageQuery &
  Required<Pick<z.input<ReturnType<typeof signInAuditQuery>>, "fromDate" | "toDate">>;

/** `GET /management/audits?fromDate&toDate&page&size&sort`: a page of sign-ins and the total from `X-Total-Count`. */
export const getAudits = async (query: AuditQuery) => {
  const response = await api.getWithHeaders<unknown>("management/audits", { ...query });
  return { items: z.array(AuditView).parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};
