import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes, whereAmI } from "../../test/render";
import { TOKEN_KEY } from "../api";
import { PrivateRoute } from "./private-route";

const signedInAs = (authorities: string[]) => {
  localStorage.setItem(TOKEN_KEY, "token");
  fakeApi({
    "GET /api/account": () =>
      json({ id: 1, login: "bia@example.com", email: "bia@example.com", activated: true, authorities }),
  });
};

const routes = [
  {
    path: "/gerencia",
    element: (
      <PrivateRoute authorities={["ROLE_ADMIN"]}>
        <h1>Gerência</h1>
      </PrivateRoute>
    ),
  },
  {
    path: "/conta",
    element: (
      <PrivateRoute>
        <h1>Conta</h1>
      </PrivateRoute>
    ),
  },
  whereAmI("/login"),
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("PrivateRoute", () => {
  it("sends an anonymous visitor to /login keeping the search string", async () => {
    fakeApi({});
    renderRoutes(routes, "/gerencia?page=2&sort=login,asc");
    expect(await screen.findByTestId("location")).toHaveTextContent("/login?page=2&sort=login,asc");
  });

  it("remembers the page the visitor came from, so the login can return there", async () => {
    fakeApi({});
    const { router } = renderRoutes(routes, "/conta?tab=1");
    await screen.findByTestId("location");
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/conta", search: "?tab=1" } });
  });

  it("tells a signed-in user without the authority that they may not see the page", async () => {
    signedInAs(["ROLE_USER", "ROLE_STUDENT"]);
    renderRoutes(routes, "/gerencia");
    expect(await screen.findByRole("alert")).toHaveTextContent("Você não tem autorização para acessar esta página.");
    expect(screen.queryByRole("heading", { name: "Gerência" })).not.toBeInTheDocument();
  });

  it("shows the page to a user holding the authority", async () => {
    signedInAs(["ROLE_USER", "ROLE_ADMIN"]);
    renderRoutes(routes, "/gerencia");
    expect(await screen.findByRole("heading", { name: "Gerência" })).toBeInTheDocument();
  });

  it("lets any signed-in user in when no authority is asked", async () => {
    signedInAs(["ROLE_USER", "ROLE_TEACHER"]);
    renderRoutes(routes, "/conta");
    expect(await screen.findByRole("heading", { name: "Conta" })).toBeInTheDocument();
  });
});
