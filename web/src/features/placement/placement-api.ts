import type { PlacementAnswerBody, PlacementLatestView, PlacementTestView } from "@el/domain/placement/placement-views";
import { api } from "../../lib/api";

/** The last result and the test open now. */
export const fetchLatestPlacement = () => api.get<PlacementLatestView>("api/placement-tests/latest");

/** Starts the level test, or answers the one already open with its question. */
export const startPlacementTest = () =>
  api.post<PlacementTestView>("api/placement-tests", undefined, { successAlert: false });

/** The answer to the question on screen: the next question, or the result after the last one. */
export const answerPlacementQuestion = (testId: number, answer: PlacementAnswerBody) =>
  api.post<PlacementTestView>(`api/placement-tests/${testId}/answers`, answer, { successAlert: false });
