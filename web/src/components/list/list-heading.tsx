import { Link, useLocation } from "react-router-dom";

/** A back-office list's title and its create button; the form it opens returns to this very query. */
export const ListHeading = ({ title, createLabel }: { title: string; createLabel: string }) => {
  const { search } = useLocation();
  return (
    <div className="actions" style={{ justifyContent: "space-between", alignItems: "center" }}>
      <h2>{title}</h2>
      <Link to={`new${search}`} className="btn btn-primary">
        {createLabel}
      </Link>
    </div>
  );
};
