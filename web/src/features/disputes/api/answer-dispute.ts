import type { AnswerDisputeBody } from "@el/domain/disputes/dispute-contracts";
import { api } from "../../../lib/api";

/** `POST api/disputes/{id}/answer`: the side that did not report answers, within 48 hours. */
export const answerDispute = (id: number, body: AnswerDisputeBody) =>
  api.post<unknown>(`api/disputes/${id}/answer`, body, { successAlert: false });
