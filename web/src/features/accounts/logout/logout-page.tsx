import { useEffect, useRef } from "react";
import { Navigate } from "react-router-dom";
import { announceSuccess } from "../../../lib/api";
import { useSession } from "../../../lib/session/session-provider";

/**
 * /logout: forgets the session and goes to the landing page at once, replacing /logout in the history
 * (Back does not sign out again); "Você saiu com sucesso!" shows there as a toast (spec section 2).
 */
export const LogoutPage = () => {
  const { logout } = useSession();
  // Once per visit, even where effects run twice (React's strict mode).
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    logout();
    // Told once this render's effects all ran: opened directly, the layout's toast region starts
    // listening in the same commit as this page, after it.
    setTimeout(() => announceSuccess({ key: "logout.success" }), 0);
  }, [logout]);
  return <Navigate to="/" replace />;
};
