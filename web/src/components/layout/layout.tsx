import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { homeOf } from "../../app/session/account";
import { useSession } from "../../app/session/session-provider";
import { Footer } from "./footer";
import { Header } from "./header";
import "./layout.css";

/**
 * Header, page, footer. A signed-in student or teacher who opens the landing page is taken to their
 * own area (spec section 2, "redirected from the header"); /checkout is never redirected.
 */
export const Layout = () => {
  const { state, account } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const home = account ? homeOf(account) : undefined;
  // A page that finishes by navigating elsewhere (password reset, sign-up) leaves its notice here.
  const notice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    if (state === "authenticated" && home && location.pathname === "/" && home !== "/gerencia") {
      navigate(home, { replace: true });
    }
  }, [state, home, location.pathname, navigate]);

  return (
    <div className="app-shell">
      <Header signedIn={state === "authenticated"} home={home} />
      <main className="app-main">
        {notice && (
          <div className="alert alert-success" role="status">
            {t(notice)}
          </div>
        )}
        <Outlet />
      </main>
      <Footer />
    </div>
  );
};
