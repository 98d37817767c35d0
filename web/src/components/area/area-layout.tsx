import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import "./area-layout.css";

export interface AreaMenuEntry {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * A signed-in area (student, teacher): a left menu that becomes a drawer under 1000 px, a header with
 * the area's summary that compacts under 650 px (spec section 2), and the page.
 */
export const AreaLayout = ({ title, menu, summary }: { title: string; menu: AreaMenuEntry[]; summary?: ReactNode }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a menu link closes the drawer
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  return (
    <div className="area">
      <aside className={`area-menu${drawerOpen ? " area-menu-open" : ""}`} id="area-menu">
        <nav aria-label={title}>
          {menu.map((entry) => (
            <NavLink key={entry.to} to={entry.to} end={entry.end}>
              {entry.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      {drawerOpen && (
        <button
          type="button"
          className="area-scrim"
          aria-label={t("area.closeMenu")}
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <div className="area-content">
        <div className="area-header">
          <button
            type="button"
            className="area-drawer-toggle"
            aria-expanded={drawerOpen}
            aria-controls="area-menu"
            // The word is hidden under 650 px: the name stays "Menu" for screen readers, never "☰".
            aria-label={t("area.menu")}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span> <span className="area-drawer-word">{t("area.menu")}</span>
          </button>
          <h1>{title}</h1>
          {summary && <div className="area-summary">{summary}</div>}
        </div>
        <Outlet />
      </div>
    </div>
  );
};
