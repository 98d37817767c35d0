import { FavoriteTeachers } from "@el/domain/directory/directory-contracts";
import { api } from "../../../lib/api";

/** `GET api/account/favorites`: the student's favourite teachers, each with their next free starts. */
export const getFavorites = async () => FavoriteTeachers.parse(await api.get<unknown>("api/account/favorites"));
