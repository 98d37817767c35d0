import { type DisputeStatus, DisputeView } from "@el/domain/disputes/dispute-contracts";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/disputes`: the caller's own, or every one for an administrator; of one status when asked. */
export const getDisputes = async (status?: DisputeStatus) =>
  z.array(DisputeView).parse(await api.get<unknown>("api/disputes", status ? { status } : undefined));
