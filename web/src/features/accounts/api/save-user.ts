import type { NewAdministrator } from "@el/domain/accounts/account-requests";
import { api } from "../../../lib/api";
import type { User } from "./user";

/** `POST api/users`: a user with the roles chosen (an administrator when none is), active. */
export const createUser = (user: NewAdministrator) =>
  api.post<User | undefined>("api/users", { ...user, activated: true });

/**
 * `PUT api/users`: also the activation toggle; `activated: true` on a teacher application accepts it.
 * Fields left out stay as they are; `null` clears one. `previous`: the user as the screen showed it, to
 * tell when a 202's `Location` shows the change.
 */
export const updateUser = (user: Pick<User, "id"> & Partial<User>, previous: User) =>
  api.put<User | undefined>("api/users", user, { previous });
