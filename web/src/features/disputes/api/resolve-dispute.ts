import type { ResolveDisputeBody } from "@el/domain/disputes/dispute-contracts";
import { api } from "../../../lib/api";

/** `POST api/disputes/{id}/resolve`: an administrator settles it. */
export const resolveDispute = (id: number, body: ResolveDisputeBody) =>
  api.post<unknown>(`api/disputes/${id}/resolve`, body, { successAlert: false });
