import { within } from "@testing-library/react";

/** The links inside `container` as the user meets them: their text and where they lead, in order. */
export const linksOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
