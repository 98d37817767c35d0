import { Navigate, useLocation } from "react-router-dom";

/**
 * Sends an English or slash-less path of spec section 2 (`/gerencia/purchase/3`, `/gerenciacoupon/new`)
 * to the section's Portuguese one, keeping what follows and the query string.
 */
export const RenamedPath = ({ from, to }: { from: string; to: string }) => {
  const { pathname, search } = useLocation();
  return <Navigate replace to={`${to}${pathname.slice(from.length)}${search}`} />;
};
