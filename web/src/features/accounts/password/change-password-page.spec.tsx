import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Layout } from "../../../components/layout/layout";
import { TOKEN_KEY } from "../../../lib/api";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { saveNewPasswordOf51Characters } from "../../../test/password-form";
import { renderRoutes, whereAmI } from "../../../test/render";
import { accountsRoutes } from "../routes";

/** The real route, guard included, inside the layout that carries the header and the success toasts. */
const routes = [{ element: <Layout />, children: [...accountsRoutes(), whereAmI("/student")] }];

/** A signed-in student whose current password is "antiga1". */
const server = () =>
  fakeApi({
    "GET /api/account": () =>
      json({
        id: 4,
        login: "rita@example.com",
        email: "rita@example.com",
        activated: true,
        authorities: ["ROLE_USER", "ROLE_STUDENT"],
      }),
    "POST /api/account/change-password": ({ body }) =>
      (body as { currentPassword: string }).currentPassword === "antiga1"
        ? json({ id_token: "token-da-nova-senha" }, { headers: { "X-app-alert": "password.messages.success" } })
        : json(
            {
              status: 400,
              message: "error.password.incorrect",
              fieldErrors: [{ field: "currentPassword", message: "error.password.incorrect" }],
            },
            { status: 400, headers: { "X-app-error": "error.password.incorrect" } },
          ),
    "POST /api/account/sessions/revoke-others": () =>
      json({ id_token: "token-desta-sessao" }, { headers: { "X-app-alert": "sessions.messages.revoked" } }),
  });

const changes = (calls: FakeRequest[]) => calls.filter((call) => call.path === "/api/account/change-password");

const fill = async (current: string, password: string, confirmation: string) => {
  const user = userEvent.setup();
  if (current) await user.type(await screen.findByLabelText("Senha atual"), current);
  await user.type(await screen.findByLabelText("Nova senha"), password);
  await user.type(screen.getByLabelText("Confirme a nova senha"), confirmation);
  await user.click(screen.getByRole("button", { name: "Salvar nova senha" }));
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("change password", () => {
  it("is reached from the signed-in header and changes the password, saying so", async () => {
    localStorage.setItem(TOKEN_KEY, "t");
    const calls = server();
    renderRoutes(routes, "/student");
    const menu = screen.getByRole("navigation", { name: "Menu principal" });
    await userEvent.setup().click(await within(menu).findByRole("link", { name: "Alterar senha" }));
    expect(await screen.findByRole("heading", { name: "Alterar senha" })).toBeInTheDocument();

    await fill("antiga1", "Nova#Senha9", "Nova#Senha9");
    expect(await screen.findByText("Senha alterada com sucesso!")).toBeVisible();
    expect(changes(calls).map((call) => call.body)).toEqual([
      { currentPassword: "antiga1", newPassword: "Nova#Senha9" },
    ]);
    await waitFor(() => expect(screen.getByLabelText("Senha atual")).toHaveValue(""));
    expect(screen.getByLabelText("Nova senha")).toHaveValue("");
    expect(screen.getByLabelText("Confirme a nova senha")).toHaveValue("");
    // The new password revoked the token this sign-in used: it goes on with the one answered, kept where it was.
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-da-nova-senha");
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("ends the other sessions and keeps this one with the token the server answers", async () => {
    sessionStorage.setItem(TOKEN_KEY, "t");
    const calls = server();
    renderRoutes(routes, "/account/password");
    const section = await screen.findByRole("region", { name: "Outras sessões" });
    expect(section).toHaveTextContent("Esta sessão continua aberta.");
    await userEvent.setup().click(within(section).getByRole("button", { name: "Encerrar as outras sessões" }));
    expect(await screen.findByText("Pronto! As outras sessões foram encerradas.")).toBeVisible();
    expect(calls.filter((call) => call.path === "/api/account/sessions/revoke-others")).toHaveLength(1);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe("token-desta-sessao");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps the reset rules: current password asked, 4 to 50 characters, confirmation equal", async () => {
    localStorage.setItem(TOKEN_KEY, "t");
    const calls = server();
    renderRoutes(routes, "/account/password");
    await fill("", "abc", "abcd");
    expect(await screen.findByText("Sua senha atual é obrigatória.")).toBeInTheDocument();
    expect(screen.getByText("Sua senha deve ter pelo menos 4 caracteres.")).toBeInTheDocument();
    expect(screen.getByText("Senhas devem ser iguais.")).toBeInTheDocument();

    await saveNewPasswordOf51Characters();
    expect(await screen.findByText("Sua senha não pode ter mais de 50 caracteres.")).toBeInTheDocument();
    expect(changes(calls)).toHaveLength(0);
  });

  it("shows the strength of the new password as it is typed", async () => {
    localStorage.setItem(TOKEN_KEY, "t");
    server();
    renderRoutes(routes, "/account/password");
    await userEvent.setup().type(await screen.findByLabelText("Nova senha"), "abcdF1!");
    expect(screen.getByRole("meter", { name: "Força da senha" })).toHaveAttribute("aria-valuenow", "5");
  });

  it("says so when the current password is wrong, and keeps what was typed", async () => {
    localStorage.setItem(TOKEN_KEY, "t");
    server();
    renderRoutes(routes, "/account/password");
    await fill("errada", "Nova#Senha9", "Nova#Senha9");
    expect(await screen.findByRole("alert")).toHaveTextContent("Senha atual incorreta.");
    expect(screen.getByLabelText("Nova senha")).toHaveValue("Nova#Senha9");
    expect(screen.queryByText("Senha alterada com sucesso!")).not.toBeInTheDocument();
  });

  it("sends an anonymous visitor to the login", async () => {
    server();
    const { router } = renderRoutes(routes, "/account/password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/account/password" } });
  });
});
