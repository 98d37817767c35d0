import type { BookingBody } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/**
 * `POST api/teachers/{id}/bookings`: the lesson, accepted at once. The key makes a retry after a dropped
 * connection spend one credit at most; a 409 says the start was just taken, and the credit stays.
 */
export const bookTeacher = (teacherId: number, body: BookingBody, idempotencyKey: string) =>
  api.post<unknown>(`api/teachers/${teacherId}/bookings`, body, { successAlert: false, idempotencyKey });
