import { screen, within } from "@testing-library/react";

/** The trails of the level tab shown, as "number - title" in the order the screen lists them. */
export const trailTitles = () =>
  within(screen.getByRole("tabpanel"))
    .getAllByRole("group")
    .map((trail) => trail.querySelector("summary")?.textContent);
