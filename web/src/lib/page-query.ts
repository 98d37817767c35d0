import type { z } from "zod";
import type { ApiResponse } from "./api";

export interface PageQuery {
  page: number;
  size: number;
  sort: string;
}

/** One page of a list as the back office's list calls answer it: the items, and the total from `X-Total-Count`. */
export const pageOf = <T>(response: ApiResponse<unknown>, item: z.ZodType<T>) => {
  const items = item.array().parse(response.data);
  const total = response.headers.get("X-Total-Count");
  return { items, total: total === null ? items.length : Number(total) };
};
