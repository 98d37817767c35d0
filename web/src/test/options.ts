import { within } from "@testing-library/react";

/** The options a select offers, by the text the user reads, in order. */
export const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => option.textContent);
