import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import "./area-layout.css";

const DRAWER_WIDTHS = "(max-width: 999px)";

/** Whether the menu is a drawer (under 1000 px), following the window as it is resized. */
const useDrawerMode = () => {
  const query = () => typeof window.matchMedia === "function" && window.matchMedia(DRAWER_WIDTHS).matches;
  const [drawerMode, setDrawerMode] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(DRAWER_WIDTHS);
    const update = () => setDrawerMode(list.matches);
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, []);
  return drawerMode;
};

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
  const drawerMode = useDrawerMode();
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a menu link closes the drawer
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // Opened, the drawer takes the focus on its first link; Escape closes it and gives the focus back.
  useEffect(() => {
    if (!drawerOpen) return;
    menuRef.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setDrawerOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);
  return (
    <div className="area">
      <aside
        ref={menuRef}
        className={`area-menu${drawerOpen ? " area-menu-open" : ""}`}
        id="area-menu"
        // A closed drawer is off screen: out of the Tab order and of what screen readers read too.
        inert={drawerMode && !drawerOpen ? true : undefined}
      >
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
            ref={toggleRef}
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
