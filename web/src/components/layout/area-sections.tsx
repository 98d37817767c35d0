import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

/** One link of a signed-in area's sections. */
export interface AreaMenuEntry {
  to: string;
  label: string;
  end?: boolean;
}

/** A signed-in area's sections, named by the area. */
export interface AreaSections {
  title: string;
  menu: AreaMenuEntry[];
}

const DRAWER_WIDTHS = "(max-width: 999px)";

/** Whether the menus are drawers (under 1000 px, spec section 2), following the window as it is resized. */
export const useDrawerMode = () => {
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

const SectionsShown = createContext<AreaSections | undefined>(undefined);
// Apart from what is shown, so an area that hands its sections over is not drawn again when they change.
const ShowSections = createContext<((sections: AreaSections | undefined) => void) | undefined>(undefined);

const sameSections = (a: AreaSections | undefined, b: AreaSections | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Where a signed-in area hands its sections to the site's menu: under 1000 px there is one menu (the
 * site's drawer), holding the area's sections above the site's own links.
 */
export const AreaSectionsProvider = ({ children }: { children: ReactNode }) => {
  const [sections, setSections] = useState<AreaSections>();
  const [show] = useState(
    () => (next: AreaSections | undefined) => setSections((shown) => (sameSections(shown, next) ? shown : next)),
  );
  return (
    <ShowSections.Provider value={show}>
      <SectionsShown.Provider value={sections}>{children}</SectionsShown.Provider>
    </ShowSections.Provider>
  );
};

/** The sections the site's menu shows, if an area handed any. */
export const useAreaSections = () => useContext(SectionsShown);

/** Hands `sections` to the site's menu while the caller is on the page (`undefined`: none). */
export const useShowAreaSections = (sections: AreaSections | undefined) => {
  const show = useContext(ShowSections);
  const key = JSON.stringify(sections ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sections are compared by what they say
  useEffect(() => {
    show?.(sections);
    return () => show?.(undefined);
  }, [show, key]);
};
