import { z } from "zod";
import { api } from "../../../lib/api";

/** A sign-in, successful or refused, as `GET /management/audits` lists it. */
export const AuditView = z.object({
  id: z.number(),
  principal: z.string(),
  timestamp: z.string(),
  type: z.string(),
  data: z.object({ remoteAddress: z.string(), message: z.string().optional() }),
});
export type AuditView = z.infer<typeof AuditView>;

export interface AuditQuery {
  /** Whole days in São Paulo, `YYYY-MM-DD`; `toDate` includes its day. */
  fromDate: string;
  toDate: string;
  page: number;
  size: number;
  sort: string;
}

/** `GET /management/audits?fromDate&toDate&page&size&sort`: a page of sign-ins and the total from `X-Total-Count`. */
export const getAudits = async (query: AuditQuery) => {
  const response = await api.getWithHeaders<unknown>("management/audits", { ...query });
  return { items: z.array(AuditView).parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};
