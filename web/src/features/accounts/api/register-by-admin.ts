import type { RegistrationByAdmin } from "@el/domain/accounts/account-requests";
import { api } from "../../../lib/api";
import { User } from "./user";

/** `POST api/registerByAdmin`: a student, or a teacher accepted at once. */
export const registerByAdmin = async (person: RegistrationByAdmin) =>
  User.optional().parse(await api.post("api/registerByAdmin", person));
