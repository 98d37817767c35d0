import type { signInAuditQuery } from "@el/domain/audit/audit-requests";
import { SignInAuditPage } from "@el/domain/audit/sign-in-audit-views";
import type { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";

/** Whole days in São Paulo, `YYYY-MM-DD`; `toDate` includes its day. */
export type AuditQuery = PageQuery &
  Required<Pick<z.input<ReturnType<typeof signInAuditQuery>>, "fromDate" | "toDate">>;

/** `GET /management/audits?fromDate&toDate&page&size&sort`: a page of sign-ins and the total from `X-Total-Count`. */
export const getAudits = async (query: AuditQuery) => {
  const response = await api.getWithHeaders<unknown>("management/audits", { ...query });
  return { items: SignInAuditPage.parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};
