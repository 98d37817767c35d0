import { api } from "../../../lib/api";

/** Cancels a lesson at least 24 h ahead; the credit comes back. */
export const cancelScheduling = (id: number) => api.delete<unknown>(`api/schedulings/${id}`);
