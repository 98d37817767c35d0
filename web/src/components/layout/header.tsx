import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router-dom";
import { changeLanguage } from "../../i18n/i18n";
import { useAreaSections, useDrawerMode } from "./area-sections";
import { Logo } from "./logo";

export interface HeaderProps {
  /** Whether someone is signed in, and where their own area is. */
  signedIn: boolean;
  home?: string;
  /** Links a feature adds for whoever is signed in (the messages with their unread count). */
  signedInLinks?: ReactNode;
}

/** Over the landing banner the bar starts transparent and turns dark blue past 400 px (spec section 2). */
const SCROLL_THRESHOLD_PX = 400;

const useScrolledPast = (threshold: number) => {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
};

export const Header = ({ signedIn, home, signedInLinks }: HeaderProps) => {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const overBanner = location.pathname === "/" && !scrolled;
  // Under 1000 px a signed-in area's sections join this menu: one ☰ on a phone.
  const drawerMode = useDrawerMode();
  const areaSections = useAreaSections();
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A link followed inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is wanted on every navigation
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
    <header className={`app-header${overBanner ? " app-header-transparent" : ""}`}>
      {/* Named by its label too: under 650 px the name is hidden and only the logo shows. */}
      <Link to="/" className="app-brand" aria-label="English Lessons">
        <Logo />
        <span className="app-brand-name">English Lessons</span>
      </Link>
      <button
        ref={toggleRef}
        type="button"
        className="app-drawer-toggle"
        aria-expanded={drawerOpen}
        aria-controls="app-menu"
        aria-label={t("global.menu.toggle")}
        onClick={() => setDrawerOpen((open) => !open)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <nav
        ref={menuRef}
        id="app-menu"
        className={`app-menu${drawerOpen ? " app-menu-open" : ""}`}
        aria-label={t("global.menu.main")}
      >
        {drawerMode && signedIn && areaSections && (
          <nav className="app-menu-area" aria-label={areaSections.title}>
            {areaSections.menu.map((entry) => (
              <NavLink key={entry.to} to={entry.to} end={entry.end}>
                {entry.label}
              </NavLink>
            ))}
          </nav>
        )}
        <NavLink to="/" end>
          {t("global.menu.home")}
        </NavLink>
        <NavLink to="/professores">{t("global.menu.teachers")}</NavLink>
        {signedIn ? (
          <>
            {home && home !== "/" && <NavLink to={home}>{t("global.menu.myArea")}</NavLink>}
            {signedInLinks}
            <NavLink to="/account/password">{t("global.menu.password")}</NavLink>
            <NavLink to="/logout">{t("global.menu.logout")}</NavLink>
          </>
        ) : (
          <>
            <NavLink to="/registro/professor">{t("global.menu.becomeTeacher")}</NavLink>
            <NavLink to="/login" state={{ from: location }}>
              {t("global.menu.login")}
            </NavLink>
            <NavLink to="/registro/aluno" className="app-menu-cta">
              {t("global.menu.freeTrial")}
            </NavLink>
          </>
        )}
        <span className="app-language">
          <button
            type="button"
            aria-pressed={i18n.language === "pt-br"}
            onClick={() => changeLanguage("pt-br")}
            lang="pt-BR"
          >
            PT
          </button>
          <button type="button" aria-pressed={i18n.language === "en"} onClick={() => changeLanguage("en")} lang="en">
            EN
          </button>
        </span>
      </nav>
    </header>
  );
};
