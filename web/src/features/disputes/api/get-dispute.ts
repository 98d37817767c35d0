import { DisputeView } from "@el/domain/disputes/dispute-contracts";
import { api } from "../../../lib/api";

/** `GET api/disputes/{id}`. */
export const getDispute = async (id: number) => DisputeView.parse(await api.get<unknown>(`api/disputes/${id}`));
