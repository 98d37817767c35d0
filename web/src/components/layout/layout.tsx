import { type ReactNode, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { homeOf } from "../../lib/session/account";
import { useSession } from "../../lib/session/session-provider";
import { ToastRegion } from "../toast/toast-region";
import { AreaSectionsProvider } from "./area-sections";
import { Footer } from "./footer";
import { Header } from "./header";
import "./layout.css";

/**
 * Header, page, footer. A signed-in student or teacher who opens the landing page is taken to their
 * own area (spec section 2, "redirected from the header"); /checkout is never redirected.
 * `signedInLinks`: what features add to the header for whoever is signed in (app/routes.tsx hands them in).
 */
export const Layout = ({ signedInLinks }: { signedInLinks?: ReactNode }) => {
  const { state, account } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const home = account ? homeOf(account) : undefined;

  useEffect(() => {
    if (state === "authenticated" && home && location.pathname === "/" && home !== "/gerencia") {
      navigate(home, { replace: true });
    }
  }, [state, home, location.pathname, navigate]);

  return (
    <AreaSectionsProvider>
      <div className="app-shell">
        <Header signedIn={state === "authenticated"} home={home} signedInLinks={signedInLinks} />
        <main className="app-main">
          <Outlet />
        </main>
        <Footer signedIn={state === "authenticated"} home={home} />
        {/* Outside the page, so a success still shows after the page that caused it navigated away. */}
        <ToastRegion />
      </div>
    </AreaSectionsProvider>
  );
};
