import { LevelView, TrailView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../api";

/** Every level (a student's own may have been deactivated since); page size 999 as the spec's full-list fetches. */
export const fetchLevels = async () =>
  z.array(LevelView).parse(await api.get("api/levels", { page: 0, size: 999, sort: "id,asc" }));

/** Only active levels are offered in forms (spec section 3). */
export const activeLevels = (levels: readonly LevelView[]) => levels.filter((level) => level.active);

/** Trails without their material files, sorted by number as the forms list them. */
export const fetchTrails = async () =>
  z
    .array(TrailView)
    .parse(await api.get("api/trails", { materials: false }))
    .sort((a, b) => a.number - b.number);

/** Trails with the active materials of each (same level, class number = trail number), for the Trilhas pages. */
export const fetchTrailsWithMaterials = async () =>
  z
    .array(TrailView)
    .parse(await api.get("api/trails"))
    .sort((a, b) => a.number - b.number);

/** One trail with its active materials: what a lesson's details offer to download. */
export const fetchTrail = async (id: number) => TrailView.parse(await api.get(`api/trails/${id}`));
