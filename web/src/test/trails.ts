import type { TrailView } from "@el/domain/catalog/catalog-views";
import { screen, within } from "@testing-library/react";

/** A trail as `api/trails?materials=false` answers it; its content, application and techniques empty unless given. */
export const trailView = (
  trail: Pick<TrailView, "id" | "number" | "title" | "level"> & Partial<TrailView>,
): TrailView => ({
  content: "",
  application: "",
  techniques: "",
  ...trail,
});

/** The level tabs of the "Níveis" list, by name, in the order the screen offers them. */
export const levelTabs = (levels: HTMLElement) =>
  within(levels)
    .getAllByRole("tab")
    .map((tab) => tab.textContent);

/** The trails of the level tab shown, as "number - title" in the order the screen lists them. */
export const trailTitles = () =>
  within(screen.getByRole("tabpanel"))
    .getAllByRole("group")
    .map((trail) => trail.querySelector("summary")?.textContent);
