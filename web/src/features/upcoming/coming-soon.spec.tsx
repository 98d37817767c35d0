import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import "../../i18n/i18n";
import { upcomingRoutes } from "./routes";

describe("public routes still to come", () => {
  it.each([["/calendar", "Esta página está em construção: autorização da agenda do Google para aceitar aulas"]])(
    "%s says what it will be",
    (path, text) => {
      render(<RouterProvider router={createMemoryRouter(upcomingRoutes, { initialEntries: [path] })} />);
      expect(screen.getByRole("status")).toHaveTextContent(text);
    },
  );
});
