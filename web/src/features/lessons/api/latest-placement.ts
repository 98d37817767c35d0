import type { PlacementLatestView } from "@el/domain/placement/placement-views";
import { api } from "../../../lib/api";

/** The student's last level-test result and the test open now (the home's invitation to take it). */
export const fetchLatestPlacement = () => api.get<PlacementLatestView>("api/placement-tests/latest");
