import { z } from "zod";
import { api } from "../api";

export const Level = z.object({ id: z.number(), name: z.string(), active: z.boolean().optional() });
export type Level = z.infer<typeof Level>;

export const Trail = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  content: z.string().nullish(),
  application: z.string().nullish(),
  techniques: z.string().nullish(),
  level: z
    .union([z.number(), z.object({ id: z.number() })])
    .transform((level) => (typeof level === "number" ? level : level.id)),
});
export type Trail = z.infer<typeof Trail>;

/** Every level (a student's own may have been deactivated since); page size 999 as the spec's full-list fetches. */
export const fetchLevels = async () =>
  z.array(Level).parse(await api.get("api/levels", { page: 0, size: 999, sort: "id,asc" }));

/** Only active levels are offered in forms (spec section 3). */
export const activeLevels = (levels: readonly Level[]) => levels.filter((level) => level.active !== false);

/** Trails without their material files, sorted by number as the forms list them. */
export const fetchTrails = async () =>
  z
    .array(Trail)
    .parse(await api.get("api/trails", { materials: false }))
    .sort((a, b) => a.number - b.number);
