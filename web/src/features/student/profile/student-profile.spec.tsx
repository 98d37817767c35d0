import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "../../../lib/api";
import { LiveFeedProvider } from "../../../lib/socket";
import { fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { studentRoutes } from "../routes";

const STUDENT = {
  id: 5,
  login: "ana@example.com",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  phone: "(11)98765-4321",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
  balance: 3,
  level: 2,
  objective: "TRAVEL",
};

const server = (levels: () => Response = () => json([{ id: 2, name: "Intermediário", active: true }])) =>
  fakeApi({
    "GET /api/account": () => json(STUDENT),
    "GET /api/levels": levels,
  });

const renderProfile = () =>
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={createManualFeed().feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: studentRoutes,
      },
    ],
    "/student/perfil",
  );

beforeEach(() => sessionStorage.setItem(TOKEN_KEY, "student-token"));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("the student's Meu Perfil screen", () => {
  it("shows the account as it is: name, e-mail, phone, level name and objective", async () => {
    server();
    renderProfile();
    const profile = await screen.findByRole("region", { name: "Meu Perfil" });
    await within(profile).findByLabelText("Nome");
    const shown = {
      Nome: "Ana",
      Sobrenome: "Souza",
      "E-mail": "ana@example.com",
      Telefone: "(11)98765-4321",
      Nível: "Intermediário",
      Objetivo: "Viagem",
    };
    for (const [label, value] of Object.entries(shown))
      expect(within(profile).getByLabelText(label)).toHaveValue(value);
    expect(within(profile).getAllByRole("textbox")).toHaveLength(Object.keys(shown).length);
  });

  it("lets nothing be changed: every field is read-only and there is nothing to save", async () => {
    server();
    renderProfile();
    const profile = await screen.findByRole("region", { name: "Meu Perfil" });
    const name = await within(profile).findByLabelText("Nome");
    for (const input of within(profile).getAllByRole("textbox")) expect(input).toHaveAttribute("readonly");

    await userEvent.setup().type(name, "Maria");

    expect(name).toHaveValue("Ana");
    expect(within(profile).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so when the levels cannot be loaded", async () => {
    server(() => json({ message: "error.unexpected" }, { status: 500 }));
    renderProfile();
    expect(await screen.findByRole("alert")).toHaveTextContent("An unexpected error has occurred.");
  });
});
