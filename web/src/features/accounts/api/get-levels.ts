import { z } from "zod";
import { api } from "../../../lib/api";

export const Level = z.object({ id: z.number(), name: z.string(), active: z.boolean().optional() });
export type Level = z.infer<typeof Level>;

/** `GET api/levels`: only active levels are offered in forms (spec section 3). */
export const getActiveLevels = async (): Promise<Level[]> => {
  const levels = z.array(Level).parse(await api.get("api/levels", { page: 0, size: 999, sort: "id,asc" }));
  return levels.filter((level) => level.active !== false);
};
