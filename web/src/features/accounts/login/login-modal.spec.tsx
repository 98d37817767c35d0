import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes, whereAmI } from "../../../test/render";
import { LoginModal } from "./login-modal";

const account = (authorities: string[]) => ({
  id: 3,
  login: "caio@example.com",
  email: "caio@example.com",
  activated: true,
  authorities,
});

const server = (authorities: string[]) =>
  fakeApi({
    "POST /api/authenticate": ({ body }) =>
      (body as { password: string }).password === "certa" ? json({ id_token: "t" }) : json({}, { status: 401 }),
    "GET /api/account": () => json(account(authorities)),
  });

const routes = [
  { path: "/login", element: <LoginModal /> },
  whereAmI("/student"),
  whereAmI("/teacher"),
  whereAmI("/gerencia"),
  whereAmI("/"),
  whereAmI("/student/perfil"),
];

const signIn = async (password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("E-mail"), "caio@example.com");
  await user.type(screen.getByLabelText("Senha"), password);
  await user.click(screen.getByRole("button", { name: "Entrar" }));
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("login modal", () => {
  it("asks for both fields with the spec's messages", async () => {
    const calls = server(["ROLE_STUDENT"]);
    renderRoutes(routes, "/login");
    await userEvent.setup().click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByText("E-mail não pode ser vazio.")).toBeInTheDocument();
    expect(screen.getByText("Senha não pode ser vazio!")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/authenticate")).toHaveLength(0);
  });

  it("stays open with the spec's message after a wrong password", async () => {
    server(["ROLE_STUDENT"]);
    renderRoutes(routes, "/login");
    await signIn("errada");
    expect(await screen.findByText("Falha ao entrar! Verifique suas credenciais e tente novamente.")).toBeVisible();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it.each([
    [
      "login.messages.error.underReview",
      "Sua candidatura de professor está em análise. Você poderá entrar assim que um administrador aprová-la.",
    ],
    ["login.messages.error.deactivated", "Sua conta está desativada. Fale com o suporte para reativá-la."],
  ])("says why the right password was refused (%s)", async (key, text) => {
    fakeApi({
      "POST /api/authenticate": () =>
        json({ status: 401, message: key }, { status: 401, headers: { "X-app-error": key } }),
    });
    renderRoutes(routes, "/login");
    await signIn("certa");
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("tells the user to wait after the server refuses further attempts (429)", async () => {
    fakeApi({
      "POST /api/authenticate": () =>
        json(
          { status: 429, message: "login.messages.error.tooManyAttempts" },
          { status: 429, headers: { "X-app-error": "login.messages.error.tooManyAttempts", "Retry-After": "2" } },
        ),
    });
    renderRoutes(routes, "/login");
    await signIn("errada");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Muitas tentativas de entrada. Aguarde alguns instantes e tente novamente.",
    );
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it.each([
    [["ROLE_USER", "ROLE_STUDENT"], "/student"],
    [["ROLE_USER", "ROLE_TEACHER"], "/teacher"],
    [["ROLE_USER", "ROLE_ADMIN"], "/gerencia"],
  ])("takes a user with %j to %s when no page asked for the login", async (authorities, home) => {
    server(authorities);
    renderRoutes(routes, "/login");
    await signIn("certa");
    expect(await screen.findByTestId("location")).toHaveTextContent(new RegExp(`^${home}$`));
  });

  it("returns to the page the user came from", async () => {
    server(["ROLE_STUDENT"]);
    const { router } = renderRoutes(routes, "/");
    await router.navigate("/login", { state: { from: { pathname: "/student/perfil", search: "?x=1", hash: "" } } });
    await screen.findByRole("dialog");
    await signIn("certa");
    expect(await screen.findByTestId("location")).toHaveTextContent("/student/perfil?x=1");
  });
});
