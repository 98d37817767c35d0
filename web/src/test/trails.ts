import { screen, within } from "@testing-library/react";

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
