import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router-dom";
import i18n from "../i18n/i18n";
import { SessionProvider } from "../lib/session/session-provider";

/** Renders routes inside the real session, at `path`, in Portuguese (the default locale). */
export const renderRoutes = (routes: RouteObject[], path: string) => {
  void i18n.changeLanguage("pt-br");
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { ...view, router };
};

/** A route that shows where the user is, for asserting redirects. */
export const whereAmI = (path: string): RouteObject => ({ path, element: <LocationProbe /> });

import { useLocation } from "react-router-dom";

const LocationProbe = (): ReactElement => {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
};
