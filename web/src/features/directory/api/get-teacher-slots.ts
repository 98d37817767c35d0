import { TeacherSlots } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `GET api/teachers/{id}/slots`: the starts a student may book now; the server's horizon when no dates are given. */
export const getTeacherSlots = async (teacherId: number) =>
  TeacherSlots.parse(await api.get<unknown>(`api/teachers/${teacherId}/slots`)).slots;
