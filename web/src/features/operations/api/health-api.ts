import { HealthDetails } from "@el/domain/shared/health-views";
import { ApiError, api } from "../../../lib/api";

/** The details, DOWN included: the backend answers those with 503, which is news to show, not a failed read. */
export const getHealth = async (): Promise<HealthDetails> => {
  try {
    return HealthDetails.parse(await api.get("management/health"));
  } catch (error) {
    const down = error instanceof ApiError && error.status === 503 ? HealthDetails.safeParse(error.body) : undefined;
    if (down?.success) return down.data;
    throw error;
  }
};
