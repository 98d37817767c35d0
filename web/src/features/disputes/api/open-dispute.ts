import { DisputeCreated, type OpenDisputeBody } from "@el/domain/disputes/dispute-contracts";
import { api } from "../../../lib/api";

/** `POST api/lessons/{id}/disputes`: the lesson's student or teacher reports it did not happen. */
export const openDispute = async (lessonId: number, body: OpenDisputeBody) =>
  DisputeCreated.parse(await api.post<unknown>(`api/lessons/${lessonId}/disputes`, body, { successAlert: false }));
