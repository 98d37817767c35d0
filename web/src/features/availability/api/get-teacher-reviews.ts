import { TeacherPublicProfile, type TeacherReview } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `GET /api/teachers/{id}`'s reviews: for an administrator, the hidden ones too. */
export const fetchTeacherReviews = async (teacherId: number): Promise<TeacherReview[]> =>
  TeacherPublicProfile.parse(await api.get<unknown>(`api/teachers/${teacherId}`)).reviews;
