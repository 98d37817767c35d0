import type { ReactNode } from "react";
import type { Resource } from "../../lib/use-resource";
import { Pagination } from "../pagination/pagination";
import { Empty } from "../status/empty";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";

/** One page of a back-office list: its items, and how many the whole list holds (`X-Total-Count`). */
export interface ListPage<Item> {
  items: readonly Item[];
  total: number;
}

/** The page buttons under a paged list; `params` is `useListParams`'s (pages counted from 1 in the URL). */
export interface ListPaging {
  params: { page: number; go: (next: { page: number }) => void };
  pageSize: number;
  /** Spec section 9: five buttons on most lists. */
  maxButtons?: number;
}

const isPage = <Item,>(data: ListPage<Item> | readonly Item[]): data is ListPage<Item> => "items" in data;

/**
 * A back-office list's table in each of its states: Carregando... while the first answer is awaited, the
 * error, the list's own empty message, or the table with one `row` per item (under the list's `count`
 * line when it has one) and, for a paged list, the
 * page buttons (which keep the rest of the URL: filters, search, order).
 */
export const ListTable = <Item,>({
  list,
  empty,
  columns,
  row,
  paging,
  count,
}: {
  list: Resource<ListPage<Item>> | Resource<readonly Item[]>;
  empty: ReactNode;
  /** The heading cells (`<th>`), in the order `row` writes its cells. */
  columns: ReactNode;
  /** One `<tr>` (with its key) per item. */
  row: (item: Item) => ReactNode;
  paging?: ListPaging;
  /** A line above the table about the whole list (its item count), given the total. */
  count?: (total: number) => ReactNode;
}) => {
  if (list.status === "loading") return <Loading />;
  if (list.status === "failed") return <ErrorAlert error={list.error} />;
  const page: ListPage<Item> = isPage<Item>(list.data) ? list.data : { items: list.data, total: list.data.length };
  if (page.items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {count && <p>{count(page.total)}</p>}
      <div className="table-wrapper">
        <table className="table">
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{page.items.map(row)}</tbody>
        </table>
      </div>
      {paging && (
        <Pagination
          page={paging.params.page - 1}
          totalItems={page.total}
          pageSize={paging.pageSize}
          maxButtons={paging.maxButtons ?? 5}
          onPage={(index) => paging.params.go({ page: index + 1 })}
        />
      )}
    </>
  );
};
