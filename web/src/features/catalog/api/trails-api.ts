import type { LevelListQuery, TrailBody, TrailListQuery } from "@el/domain/catalog/catalog-requests";
import { LevelView, TrailView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../../../lib/api";

/** Every trail with its level, by level and number (spec section 9: levels and trails fetched 999 at a time). */
export const getTrails = async () =>
  z
    .array(TrailView)
    .parse(await api.get("api/trails", { materials: "false" } satisfies TrailListQuery))
    .sort((a, b) => a.level.id - b.level.id || a.number - b.number);

export const getTrail = async (id: number) => TrailView.parse(await api.get(`api/trails/${id}`));

/** Every level; the form offers the active ones. */
export const getLevels = async () =>
  z
    .array(LevelView)
    .parse(await api.get("api/levels", { page: 0, size: 999, sort: "id,asc" } satisfies LevelListQuery));

/** `POST api/trails`, or `PUT api/trails/{id}` when editing. */
export const saveTrail = (id: number | undefined, form: TrailBody) =>
  id === undefined ? api.post("api/trails", form) : api.put(`api/trails/${id}`, { id, ...form });

export const deleteTrail = (id: number) => api.delete(`api/trails/${id}`);
