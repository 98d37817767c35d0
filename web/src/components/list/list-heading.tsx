import { Link, useLocation } from "react-router-dom";

/**
 * A back-office list's title and its create button; the form it opens returns to this very query. Without
 * `createLabel` (a list read from a replay, read-only), the title alone.
 */
export const ListHeading = ({ title, createLabel }: { title: string; createLabel?: string }) => {
  const { search } = useLocation();
  return (
    <div className="actions" style={{ justifyContent: "space-between", alignItems: "center" }}>
      <h2>{title}</h2>
      {createLabel && (
        <Link to={`new${search}`} className="btn btn-primary">
          {createLabel}
        </Link>
      )}
    </div>
  );
};
