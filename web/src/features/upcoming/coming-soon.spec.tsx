import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import "../../i18n/i18n";
import { upcomingRoutes } from "./routes";

describe("public routes still to come", () => {
  it.each([
    ["/checkout", "Esta página está em construção: finalização da compra de pacotes de aulas"],
    ["/facebook", "Esta página está em construção: retorno do login com Facebook"],
    ["/debit/confirmation", "Esta página está em construção: confirmação do pagamento no débito"],
  ])("%s says what it will be", (path, text) => {
    render(<RouterProvider router={createMemoryRouter(upcomingRoutes, { initialEntries: [path] })} />);
    expect(screen.getByRole("status")).toHaveTextContent(text);
  });
});
