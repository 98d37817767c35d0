import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET /management/info`: what is running, for an administrator. */
export const InfoView = z.object({
  build: z.object({ name: z.string(), version: z.string(), commit: z.string().optional() }),
  uptime: z.number(),
  activeProfiles: z.array(z.string()),
  database: z.string(),
  mail: z.string(),
  node: z.string(),
});
export type InfoView = z.infer<typeof InfoView>;

export const getInfo = async () => InfoView.parse(await api.get("management/info"));
