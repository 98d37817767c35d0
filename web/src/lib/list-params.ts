import { useSearchParams } from "react-router-dom";

/**
 * The list's place in the URL, `page=N&sort=field,order` (N from 1), as the /gerencia lists keep it; the
 * sort is read only when both are present (spec section 2). The API pages from 0. Other parameters of
 * the URL (a search, a list's filters) stay as they are when the page or the order changes, and `filter`
 * changes them while going back to the first page.
 */
export const useListParams = (defaultField: string, defaultOrder: "asc" | "desc" = "asc") => {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get("page"));
  const [field, order] = (search.get("sort") ?? "").split(",");
  const valid = search.has("page") && search.has("sort") && Number.isInteger(page) && page >= 1 && Boolean(field);
  const current = valid
    ? { page, field: field as string, order: order === "desc" ? ("desc" as const) : ("asc" as const) }
    : { page: 1, field: defaultField, order: defaultOrder };
  const write = (
    next: { page?: number; field?: string; order?: "asc" | "desc" },
    others: Record<string, string | undefined> = {},
  ) => {
    const written = new URLSearchParams(search);
    for (const [name, value] of Object.entries(others)) {
      if (value) written.set(name, value);
      else written.delete(name);
    }
    written.set("page", String(next.page ?? current.page));
    written.set("sort", `${next.field ?? current.field},${next.order ?? current.order}`);
    setSearch(written);
  };
  const go = (next: { page?: number; field?: string; order?: "asc" | "desc" }) => write(next);
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
    /** A parameter of the URL other than the page and the order ('' when absent). */
    get: (name: string) => search.get(name) ?? "",
    /** Sets (or, given '' or undefined, removes) other parameters and goes back to the first page. */
    filter: (others: Record<string, string | undefined>) => write({ page: 1 }, others),
    apiQuery: (size: number) => ({ page: current.page - 1, size, sort: `${current.field},${current.order}` }),
    key: `${search.toString()}|${current.page}|${current.field}|${current.order}`,
    go,
    sortBy,
    ariaSort,
  };
};
