import { act, screen } from "@testing-library/react";
import { Outlet } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../test/render";
import { RouteError } from "./route-error";

const Broken = (): never => {
  throw new Error("a bug in the page");
};

const routes = [
  {
    element: (
      <main>
        <h1>English Lessons</h1>
        <RouteError>
          <Outlet />
        </RouteError>
      </main>
    ),
    children: [
      { path: "/broken", element: <Broken /> },
      { path: "/fine", element: <h2>Tudo certo</h2> },
    ],
  },
];

afterEach(() => vi.restoreAllMocks());

describe("the route error boundary", () => {
  it("shows the unexpected-error text in place of a page that throws, keeping what is around it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoutes(routes, "/broken");
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    expect(screen.getByRole("heading", { name: "English Lessons" })).toBeInTheDocument();
  });

  it("lets the next navigation show its page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { router } = renderRoutes(routes, "/broken");
    await screen.findByRole("alert");
    await act(() => router.navigate("/fine"));
    expect(await screen.findByRole("heading", { name: "Tudo certo" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
