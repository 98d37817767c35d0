import { act, screen } from "@testing-library/react";
import { Outlet, type RouteObject } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteError } from "../components/route-error";
import { renderRoutes } from "../test/render";
import { CHUNK_TIMEOUT_MS, lazyPage } from "./lazy-page";

/** The same error boundary app/routes.tsx puts around every feature page. */
const behindRouteError = (element: RouteObject["element"]): RouteObject[] => [
  {
    element: (
      <RouteError>
        <Outlet />
      </RouteError>
    ),
    children: [{ path: "/area", element }],
  },
];

const Greeting = ({ name }: { name: string }) => <h1>Olá, {name}</h1>;

afterEach(() => vi.useRealTimers());

describe("a lazily loaded page", () => {
  it("shows 'Carregando...' until its chunk arrives, then the page with its props", async () => {
    let arrive: (page: typeof Greeting) => void = () => {};
    const Page = lazyPage(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    renderRoutes(behindRouteError(<Page name="Ana" />), "/area");
    expect(await screen.findByRole("status")).toHaveTextContent("Carregando...");
    await act(async () => arrive(Greeting));
    expect(await screen.findByRole("heading", { name: "Olá, Ana" })).toBeInTheDocument();
    expect(screen.queryByText("Carregando...")).not.toBeInTheDocument();
  });

  it("shows the unexpected-error text when its chunk is missing", async () => {
    const Page = lazyPage<object>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    renderRoutes(behindRouteError(<Page />), "/area");
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });

  it("gives up with the same error when the chunk has not arrived after 120 seconds", async () => {
    vi.useFakeTimers();
    const Page = lazyPage<object>(() => new Promise(() => {}));
    renderRoutes(behindRouteError(<Page />), "/area");
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1));
    expect(screen.getByRole("status")).toHaveTextContent("Carregando...");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });
});
