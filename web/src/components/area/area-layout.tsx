import type { ReactNode } from "react";
import { NavLink, Outlet } from "react-router-dom";
import { type AreaMenuEntry, useDrawerMode, useShowAreaSections } from "../layout/area-sections";
import "./area-layout.css";

export type { AreaMenuEntry } from "../layout/area-sections";

/**
 * A signed-in area (student, teacher): a left menu, a header with the area's summary that compacts
 * under 650 px (spec section 2), and the page. Under 1000 px the area's sections move into the site's
 * menu, so a phone has one ☰ button, not two.
 */
export const AreaLayout = ({ title, menu, summary }: { title: string; menu: AreaMenuEntry[]; summary?: ReactNode }) => {
  const drawerMode = useDrawerMode();
  useShowAreaSections(drawerMode ? { title, menu } : undefined);
  return (
    <div className="area">
      {!drawerMode && (
        <aside className="area-menu" id="area-menu">
          <nav aria-label={title}>
            {menu.map((entry) => (
              <NavLink key={entry.to} to={entry.to} end={entry.end}>
                {entry.label}
              </NavLink>
            ))}
          </nav>
        </aside>
      )}
      <div className="area-content">
        <div className="area-header">
          <h1>{title}</h1>
          {summary && <div className="area-summary">{summary}</div>}
        </div>
        <Outlet />
      </div>
    </div>
  );
};
