import {
  normalizeAvailability,
  TeacherAvailability,
  type TeacherAvailability as TeacherAvailabilityType,
} from "@el/domain/directory/availability";
import { type AffectedLesson, AvailabilityConflict } from "@el/domain/directory/directory-contracts";
import { ApiError, api } from "../../../lib/api";
import { type AvailabilityOwner, availabilityPath, fetchAvailability } from "./get-availability";

/**
 * `PUT /api/teachers/me/availability` or `/api/teachers/{id}/availability`: answers the availability as
 * stored. A 202 not shown within the wait is read again; an answer without a body is what was sent, tidied
 * as the server tidies it.
 */
export const saveAvailability = async (
  owner: AvailabilityOwner,
  availability: TeacherAvailabilityType,
  confirm: boolean,
): Promise<TeacherAvailabilityType> => {
  const body = await api.put<unknown>(availabilityPath(owner), { ...availability, confirm }, { successAlert: false });
  const parsed = TeacherAvailability.safeParse(body);
  if (parsed.success) return parsed.data;
  if (body === undefined) return fetchAvailability(owner);
  return normalizeAvailability(availability);
};

/** The lessons a refused save would take from the teacher: a 409 whose body lists them, else null. */
export const affectedLessonsOf = (error: unknown): AffectedLesson[] | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflict = AvailabilityConflict.safeParse(error.body);
  return conflict.success ? conflict.data.affected : null;
};
