import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Layout } from "../components/layout/layout";
import i18n from "../i18n/i18n";
import { LiveFeedProvider } from "../lib/socket";
import { fakeApi, json } from "../test/fake-api";
import { createManualFeed } from "../test/manual-feed";
import { renderRoutes, whereAmI } from "../test/render";
import { student, studentArea, TEACHER } from "../test/render-area";
import { signInStudentForEachTest, signInTeacherForEachTest } from "../test/sign-in";
import { teacherRoutes } from "./teacher/teacher-routes";

/** The window under 1000 px (a 390 px phone) when `narrow`, wider otherwise. */
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
afterEach(async () => {
  restore();
  restore = () => {};
  await i18n.changeLanguage("pt-br");
});

/** The site's layout around an area's routes and a probe at the area's "relatos" that says where the user landed. */
const renderArea = (area: typeof studentArea, path: string, reports: string) =>
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={createManualFeed().feed}>
            <Layout />
          </LiveFeedProvider>
        ),
        children: [...area, whereAmI(reports)],
      },
    ],
    path,
  );

const areas = [
  {
    who: "student",
    name: "Área do aluno",
    path: "/student/perfil",
    reports: "/student/relatos",
    before: "Progresso",
    signIn: signInStudentForEachTest,
    server: () =>
      fakeApi({
        "GET /api/account": () => json(student()),
        "GET /api/levels": () => json([]),
        "GET /api/trails": () => json([]),
      }),
    routes: studentArea,
  },
  {
    who: "teacher",
    name: "Área do professor",
    path: "/teacher/trilhas",
    reports: "/teacher/relatos",
    before: "Financeiro",
    signIn: signInTeacherForEachTest,
    server: () =>
      fakeApi({
        "GET /api/account": () => json(TEACHER),
        "GET /api/levels": () => json([]),
        "GET /api/trails": () => json([]),
      }),
    routes: teacherRoutes(),
  },
];

for (const area of areas) {
  describe(`the ${area.who} area's "Meus relatos" link`, () => {
    area.signIn();

    it("follows the previous entry in the side menu, reached by Tab and followed by Enter to the area's relatos", async () => {
      area.server();
      restore = windowOf(false);
      renderArea(area.routes, area.path, area.reports);
      const menu = await screen.findByRole("navigation", { name: area.name });
      const link = within(menu).getByRole("link", { name: "Meus relatos" });
      expect(link).toHaveAttribute("href", area.reports);

      const user = userEvent.setup();
      within(menu).getByRole("link", { name: area.before }).focus();
      await user.tab();
      expect(link).toHaveFocus();
      await user.keyboard("{Enter}");
      expect(await screen.findByTestId("location")).toHaveTextContent(area.reports);
    });

    it("sits in the site's drawer on a 390 px phone, opened by the one ☰ and followed by the keyboard", async () => {
      area.server();
      restore = windowOf(true);
      renderArea(area.routes, area.path, area.reports);
      const banner = screen.getByRole("banner");
      await within(banner).findByRole("link", { name: "Sair" });
      const user = userEvent.setup();
      await user.click(within(banner).getByRole("button", { name: /menu/i }));
      const sections = await within(banner).findByRole("navigation", { name: area.name });
      const link = within(sections).getByRole("link", { name: "Meus relatos" });
      expect(link).toHaveAttribute("href", area.reports);

      link.focus();
      await user.keyboard("{Enter}");
      expect(await screen.findByTestId("location")).toHaveTextContent(area.reports);
    });

    it('reads "My reports" in English', async () => {
      area.server();
      restore = windowOf(false);
      renderArea(area.routes, area.path, area.reports);
      await screen.findByRole("navigation", { name: area.name });
      await act(() => i18n.changeLanguage("en"));
      expect(await screen.findByRole("link", { name: "My reports" })).toHaveAttribute("href", area.reports);
      expect(screen.queryByRole("link", { name: "Meus relatos" })).not.toBeInTheDocument();
    });
  });
}
