import { api } from "../../../lib/api";

/** LGPD erasure of someone else's personal data (the account closes; their lessons and payments stay). */
export const eraseUser = (login: string) => api.post<void>(`api/users/${encodeURIComponent(login)}/erase`);
