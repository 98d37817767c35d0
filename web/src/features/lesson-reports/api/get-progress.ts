import type { ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { api } from "../../../lib/api";

/** The signed-in student's lessons and hours given, vocabulary, streak and level-test hint. */
export const fetchProgress = () => api.get<ProgressView>("api/progress");
