import type { Authority } from "@el/domain/accounts/account";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Loading } from "../../components/status/loading";
import { hasAnyAuthority } from "./account";
import { useSession } from "./session-provider";

/**
 * Guards a page: an anonymous visitor goes to /login (keeping where they were, search string included);
 * a signed-in user without one of `authorities` sees the 403 text. No authorities = any signed-in user.
 */
export const PrivateRoute = ({ authorities = [], children }: { authorities?: Authority[]; children?: ReactNode }) => {
  const { state, account } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (state === "authenticating") return <Loading />;
  if (state !== "authenticated" || !account) {
    return <Navigate to={`/login${location.search}`} replace state={{ from: location }} />;
  }
  if (!hasAnyAuthority(account, authorities)) {
    return (
      <div className="alert alert-danger" role="alert">
        {t("error.http.403")}
      </div>
    );
  }
  return children ?? <Outlet />;
};
