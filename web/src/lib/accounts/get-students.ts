import { UserView } from "@el/domain/accounts/user-view";
import { fullName } from "@el/domain/shared/full-name";
import type { z } from "zod";
import { api } from "../api";

/** Who a coupon can be for and whose purchases the list can show: the names the selectors offer. */
export const StudentOption = UserView.pick({ id: true, login: true, firstName: true, lastName: true });
export type StudentOption = z.infer<typeof StudentOption>;

/** `GET api/users/student`, the whole list at once as the back office fetches it (spec section 7: size 99999). */
export const getStudents = async () =>
  StudentOption.array()
    .parse(await api.get("api/users/student", { page: 0, size: 99999, sort: "id,asc" }))
    .sort((a, b) => studentName(a).localeCompare(studentName(b), "pt-BR"));

export const studentName = (student: Pick<StudentOption, "firstName" | "lastName" | "login">) =>
  fullName(student) || student.login;
