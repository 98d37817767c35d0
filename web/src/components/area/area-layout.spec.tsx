import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n/i18n";
import { renderRoutes } from "../../test/render";
import { AreaLayout } from "./area-layout";

const routes = [
  {
    path: "/student",
    element: <AreaLayout title="Área do aluno" menu={[{ to: "/student", label: "Home", end: true }]} />,
    children: [{ index: true, element: <p>início</p> }],
  },
];

beforeEach(async () => {
  await i18n.changeLanguage("pt-br");
});

describe("the area's menu button", () => {
  it("is named 'Menu' for screen readers, never by its '☰' (the word is hidden under 650 px)", async () => {
    renderRoutes(routes, "/student");
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.setup().click(button);
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  });
});

describe("the area's drawer, under 1000 px", () => {
  const drawerWidths = () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === "(max-width: 999px)",
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    return () => {
      window.matchMedia = original;
    };
  };

  it("is out of the Tab order while closed, takes the focus when opened and gives it back to the toggle on Escape", async () => {
    const restore = drawerWidths();
    try {
      const user = userEvent.setup();
      renderRoutes(routes, "/student");
      const menu = document.getElementById("area-menu") as HTMLElement;
      expect(menu).toHaveAttribute("inert");
      await user.click(screen.getByRole("button", { name: "Menu" }));
      expect(menu).not.toHaveAttribute("inert");
      expect(screen.getByRole("link", { name: "Home" })).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(menu).toHaveAttribute("inert");
      expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
    } finally {
      restore();
    }
  });
});
