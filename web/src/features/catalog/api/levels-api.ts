import type { LevelListQuery } from "@el/domain/catalog/catalog-requests";
import { type LevelBody, LevelView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";

/** `GET api/levels?page&size&sort`: every level, active or not, and the total from `X-Total-Count`. */
export const getLevelPage = async (query: PageQuery) => {
  const response = await api.getWithHeaders<unknown>("api/levels", { ...query } satisfies LevelListQuery);
  return { items: z.array(LevelView).parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};

export const getLevel = async (id: number) => LevelView.parse(await api.get(`api/levels/${id}`));

export const createLevel = (name: string) =>
  api.post<LevelView | undefined>("api/levels", { name, active: true } satisfies z.input<typeof LevelBody>);

/** `previous`: the level as the form loaded it, to tell when a 202's `Location` shows the change. */
export const updateLevel = (level: LevelView, previous: LevelView) =>
  api.put<LevelView | undefined>(
    `api/levels/${level.id}`,
    { name: level.name, active: level.active } satisfies z.input<typeof LevelBody>,
    { previous },
  );

/** `PUT api/levels/{id}/toggle` flips the active flag and answers the level as it now is. */
export const toggleLevel = async (level: LevelView) =>
  LevelView.optional().parse(await api.put(`api/levels/${level.id}/toggle`, undefined, { previous: level }));

/** `DELETE api/levels/{id}`: the level is deactivated (kept for the trails and lessons that name it). */
export const deactivateLevel = (id: number) => api.delete<void>(`api/levels/${id}`);
