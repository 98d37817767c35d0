import { z } from "zod";
import { api } from "../../../lib/api";

export const AdminLevel = z.object({ id: z.number(), name: z.string(), active: z.boolean() });
export type AdminLevel = z.infer<typeof AdminLevel>;

export interface PageQuery {
  page: number;
  size: number;
  sort: string;
}

/** `GET api/levels?page&size&sort`: every level, active or not, and the total from `X-Total-Count`. */
export const getLevelPage = async (query: PageQuery) => {
  const response = await api.getWithHeaders<unknown>("api/levels", { ...query });
  return { items: z.array(AdminLevel).parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};

export const getLevel = async (id: number) => AdminLevel.parse(await api.get(`api/levels/${id}`));

export const createLevel = (name: string) => api.post<AdminLevel | undefined>("api/levels", { name, active: true });

/** `previous`: the level as the form loaded it, to tell when a 202's `Location` shows the change. */
export const updateLevel = (level: AdminLevel, previous: AdminLevel) =>
  api.put<AdminLevel | undefined>(`api/levels/${level.id}`, { name: level.name, active: level.active }, { previous });

/** `PUT api/levels/{id}/toggle` flips the active flag and answers the level as it now is. */
export const toggleLevel = async (level: AdminLevel) =>
  AdminLevel.optional().parse(await api.put(`api/levels/${level.id}/toggle`, undefined, { previous: level }));
