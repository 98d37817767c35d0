import { TeacherAvailability } from "@el/domain/directory/availability";
import { api } from "../../../lib/api";

/** Whose availability a screen edits: the signed-in teacher's own, or (the back office) a teacher's by id. */
export type AvailabilityOwner = "me" | number;

export const availabilityPath = (owner: AvailabilityOwner) => `api/teachers/${owner}/availability`;

/** `GET /api/teachers/me/availability` or `/api/teachers/{id}/availability`. */
export const fetchAvailability = async (owner: AvailabilityOwner): Promise<TeacherAvailability> =>
  TeacherAvailability.parse(await api.get<unknown>(availabilityPath(owner)));
