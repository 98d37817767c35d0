import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n/i18n";
import { studentAccount } from "../../test/fake-accounts";
import { fakeApi } from "../../test/fake-api";
import { linksOf } from "../../test/links";
import { renderRoutes } from "../../test/render";
import { signInStudentForEachTest } from "../../test/sign-in";
import { Layout } from "../layout/layout";
import { AreaLayout } from "./area-layout";

const routes = [
  {
    element: <Layout />,
    children: [
      {
        path: "/student",
        element: (
          <AreaLayout
            title="Área do aluno"
            menu={[
              { to: "/student", label: "Home", end: true },
              { to: "/student/perfil", label: "Meu Perfil" },
            ]}
          />
        ),
        children: [{ index: true, element: <p>início</p> }],
      },
    ],
  },
];

/** The window as wide as `narrow` says: under 1000 px or not. */
const windowOf = (narrow: boolean) => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: narrow && query === "(max-width: 999px)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
};

let restore = () => {};
signInStudentForEachTest();
beforeEach(async () => {
  await i18n.changeLanguage("pt-br");
  fakeApi({ "GET /api/account": studentAccount });
});
afterEach(() => restore());

const siteMenu = () => within(screen.getByRole("banner")).getByRole("navigation", { name: "Menu principal" });

describe("the area's sections", () => {
  it("sit at the side from 1000 px, and the site's menu leaves them out", async () => {
    restore = windowOf(false);
    renderRoutes(routes, "/student");
    await within(screen.getByRole("banner")).findByRole("link", { name: "Sair" });
    expect(linksOf(screen.getByRole("navigation", { name: "Área do aluno" }))).toEqual([
      ["Home", "/student"],
      ["Meu Perfil", "/student/perfil"],
    ]);
    expect(within(siteMenu()).queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("move into the site's menu under 1000 px: one ☰ button, opened on the first section, closed by Escape", async () => {
    restore = windowOf(true);
    const user = userEvent.setup();
    renderRoutes(routes, "/student");
    await within(screen.getByRole("banner")).findByRole("link", { name: "Sair" });
    expect(screen.getAllByRole("button", { name: /menu/i })).toHaveLength(1);
    const sections = within(siteMenu()).getByRole("navigation", { name: "Área do aluno" });
    expect(linksOf(sections)).toEqual([
      ["Home", "/student"],
      ["Meu Perfil", "/student/perfil"],
    ]);
    expect(screen.getAllByRole("navigation", { name: "Área do aluno" })).toHaveLength(1);

    const toggle = within(screen.getByRole("banner")).getByRole("button", { name: /menu/i });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(sections).getByRole("link", { name: "Home" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
