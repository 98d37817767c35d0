/** A column heading that sorts the list by its column: ▲ ascending, ▼ descending, a second click turns the order. */
export const SortableHeader = ({
  label,
  order,
  onSort,
}: {
  label: string;
  /** The order when the list is sorted by this column. */
  order?: "asc" | "desc";
  onSort: () => void;
}) => (
  <th aria-sort={order ? (order === "asc" ? "ascending" : "descending") : undefined}>
    <button type="button" onClick={onSort}>
      {label}
      {order ? (order === "asc" ? " ▲" : " ▼") : ""}
    </button>
  </th>
);
