import { api } from "../../../lib/api";

/** `PUT` or `DELETE api/account/favorites/{teacherId}`: keeps the teacher among the favourites, or not. */
export const setFavorite = (teacherId: number, favorite: boolean) =>
  favorite
    ? api.put<unknown>(`api/account/favorites/${teacherId}`, undefined, { successAlert: false })
    : api.delete<unknown>(`api/account/favorites/${teacherId}`, { successAlert: false });
