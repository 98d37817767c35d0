import { useSearchParams } from "react-router-dom";

/**
 * The list's place in the URL, `page=N&sort=field,order` (N from 1), as the other /gerencia lists keep
 * it; the sort is read only when both are present (spec section 2). The API pages from 0.
 */
export const useListParams = (defaultField: string) => {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get("page"));
  const [field, order] = (search.get("sort") ?? "").split(",");
  const valid = search.has("page") && search.has("sort") && Number.isInteger(page) && page >= 1 && Boolean(field);
  const current = valid
    ? { page, field: field as string, order: order === "desc" ? ("desc" as const) : ("asc" as const) }
    : { page: 1, field: defaultField, order: "asc" as const };
  const go = (next: { page?: number; field?: string; order?: "asc" | "desc" }) =>
    setSearch({
      page: String(next.page ?? current.page),
      sort: `${next.field ?? current.field},${next.order ?? current.order}`,
    });
  const sortBy = (column: string) =>
    go({
      page: 1,
      field: column,
      order: column === current.field && current.order === "asc" ? "desc" : "asc",
    });
  const ariaSort = (column: string) =>
    column === current.field ? (current.order === "asc" ? ("ascending" as const) : ("descending" as const)) : undefined;
  return {
    ...current,
    apiQuery: (size: number) => ({ page: current.page - 1, size, sort: `${current.field},${current.order}` }),
    key: `${current.page}|${current.field}|${current.order}`,
    go,
    sortBy,
    ariaSort,
  };
};
