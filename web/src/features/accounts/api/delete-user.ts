import { api } from "../../../lib/api";

export const deleteUser = (login: string) => api.delete<void>(`api/users/${encodeURIComponent(login)}`);
