import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../../lib/session/session-provider";

/** How long the farewell stays before the landing page. */
export const LOGOUT_NOTICE_MS = 1500;

/** /logout: forgets the session at once, says so, then goes to / (spec section 2). */
export const LogoutPage = () => {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    const timer = setTimeout(() => navigate("/", { replace: true }), LOGOUT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [logout, navigate]);
  return (
    <div className="page">
      <div className="alert alert-info" role="status">
        {t("logout.success")}
      </div>
    </div>
  );
};
