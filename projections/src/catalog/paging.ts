/** A page request as the API takes it: zero-based `page`, `size`, and `sort=field,asc|desc` (repeatable). */
export interface PageRequest {
  page: number;
  size: number;
  sort?: string[];
}

export interface Page<Row> {
  items: Row[];
  total: number;
}

/**
 * `order by … limit … offset …` for a page request. Only the fields in `sortable` (API field → column)
 * can be sorted on, so the request never reaches the SQL text; the id breaks ties so pages are stable.
 */
export const orderAndPage = (
  request: PageRequest,
  sortable: Record<string, string>,
  defaultOrder: string,
  nextParam: number,
  idColumn = "id",
) => {
  const orders = (request.sort ?? []).flatMap((entry) => {
    const [field = "", direction = "asc"] = entry.split(",");
    // Own keys only: `toString` or `constructor` would name a function of every object, not a column.
    const column = Object.hasOwn(sortable, field.trim()) ? sortable[field.trim()] : undefined;
    if (!column) return [];
    return [`${column} ${direction.trim().toLowerCase() === "desc" ? "desc" : "asc"}`];
  });
  const order = orders.length > 0 ? orders.join(", ") : defaultOrder;
  return {
    clause: `order by ${order}, ${idColumn} asc limit $${nextParam} offset $${nextParam + 1}`,
    params: [request.size, request.page * request.size],
  };
};
