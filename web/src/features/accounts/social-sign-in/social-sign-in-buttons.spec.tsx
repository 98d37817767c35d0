import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { SocialSignInButtons } from "./social-sign-in-buttons";

const routes = [{ path: "/login", element: <SocialSignInButtons /> }];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the 'Entrar com Google / Facebook' buttons", () => {
  it("start the configured providers' sign-in on the server", async () => {
    fakeApi({ "GET /api/social/providers": () => json({ providers: ["google", "facebook"] }) });
    renderRoutes(routes, "/login");
    expect(await screen.findByRole("link", { name: "Entrar com Google" })).toHaveAttribute(
      "href",
      "/api/google/authorize",
    );
    expect(screen.getByRole("link", { name: "Entrar com Facebook" })).toHaveAttribute(
      "href",
      "/api/facebook/authorize",
    );
  });

  it("show only the providers that are on", async () => {
    fakeApi({ "GET /api/social/providers": () => json({ providers: ["facebook"] }) });
    renderRoutes(routes, "/login");
    expect(await screen.findByRole("link", { name: "Entrar com Facebook" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Entrar com Google" })).toBeNull();
  });

  it.each([
    ["no provider is configured", () => json({ providers: [] })],
    ["the server cannot say", () => json({ message: "error.http.500" }, { status: 500 })],
  ])("are hidden when %s", async (_case, answer) => {
    const calls = fakeApi({ "GET /api/social/providers": answer });
    renderRoutes(routes, "/login");
    await waitFor(() => expect(calls.some((call) => call.path === "/api/social/providers")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
