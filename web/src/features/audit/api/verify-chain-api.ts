import { ChainReport } from "@el/domain/audit/audit-views";
import { api } from "../../../lib/api";

/** `GET /api/audit/verify`: the hash chain recomputed, its head or the first broken link. */
export const verifyChain = async () => ChainReport.parse(await api.get<unknown>("api/audit/verify"));
