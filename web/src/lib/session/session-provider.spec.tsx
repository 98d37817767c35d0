import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { TOKEN_KEY } from "../api";
import { SessionProvider, useSession } from "./session-provider";

const ANA = {
  id: 7,
  login: "ana@example.com",
  email: "ana@example.com",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
};

const server = () =>
  fakeApi({
    "POST /api/authenticate": () => json({ id_token: "token-1" }),
    "GET /api/account": ({ headers }) =>
      headers.get("Authorization") === "Bearer token-1" ? json(ANA) : json({}, { status: 401 }),
  });

const Probe = () => {
  const session = useSession();
  return (
    <>
      <output data-testid="state">{session.state}</output>
      <output data-testid="login">{session.account?.login ?? ""}</output>
      <button type="button" onClick={() => session.login({ username: ANA.login, password: "x", rememberMe: false })}>
        Entrar
      </button>
    </>
  );
};

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
const state = () => screen.getByTestId("state");

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the session seen by the app", () => {
  it("is anonymous from the first render for a visitor without a stored token, who calls nothing", async () => {
    const calls = server();
    renderSession();
    expect(state()).toHaveTextContent("anonymous");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(state()).toHaveTextContent("anonymous");
    expect(calls).toEqual([]);
  });

  it("restores a stored token: authenticating from the first render, then the account", async () => {
    server();
    sessionStorage.setItem(TOKEN_KEY, "token-1");
    renderSession();
    expect(state()).toHaveTextContent("authenticating");
    expect(await screen.findByText("authenticated")).toBeInTheDocument();
    expect(screen.getByTestId("login")).toHaveTextContent(ANA.login);
  });

  it("is authenticating as soon as a sign-in is asked, then signed in", async () => {
    server();
    renderSession();
    act(() => screen.getByRole("button", { name: "Entrar" }).click());
    expect(state()).toHaveTextContent("authenticating");
    expect(await screen.findByText("authenticated")).toBeInTheDocument();
    expect(screen.getByTestId("login")).toHaveTextContent(ANA.login);
  });
});
