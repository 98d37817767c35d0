import { screen, within } from "@testing-library/react";

/** The texts of the cells of each row of the page's one table, its header row left out. */
export const tableRows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
