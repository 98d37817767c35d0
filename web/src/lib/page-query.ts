import type { PageQuery as ListPage } from "@el/domain/shared/page-query";
import type { z } from "zod";
import type { ApiResponse } from "./api";

/**
 * A list's page as the screens ask for it: domain's paging with all three sent, `page` zero-based and `sort`
 * as `field,asc|desc`, once or repeated.
 */
export type PageQuery = Pick<z.output<typeof ListPage>, "page" | "size"> & Required<Pick<ListPage, "sort">>;

/** One page of a list as the back office's list calls answer it: the items, and the total from `X-Total-Count`. */
export const pageOf = <T>(response: ApiResponse<unknown>, item: z.ZodType<T>) => {
  const items = item.array().parse(response.data);
  const total = response.headers.get("X-Total-Count");
  return { items, total: total === null ? items.length : Number(total) };
};
