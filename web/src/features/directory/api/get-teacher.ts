import { TeacherPublicProfile } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `GET api/teachers/{id}`: the public profile with its reviews, and whether the student keeps it as a favourite. */
export const getTeacher = async (teacherId: number) =>
  TeacherPublicProfile.parse(await api.get<unknown>(`api/teachers/${teacherId}`));
