import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { saveNewPasswordOf51Characters } from "../../../test/password-form";
import { renderRoutes, whereAmI } from "../../../test/render";
import { ResetFinishPage } from "./reset-finish-page";
import { ResetRequestPage } from "./reset-request-page";

const routes = [
  { path: "/account/reset/request", element: <ResetRequestPage /> },
  { path: "/account/reset/finish/:key?", element: <ResetFinishPage /> },
  whereAmI("/"),
];

afterEach(() => vi.unstubAllGlobals());

describe("reset request", () => {
  it("sends the e-mail as plain text and confirms", async () => {
    const calls = fakeApi({ "POST /api/account/reset-password/init": () => new Response(null, { status: 200 }) });
    renderRoutes(routes, "/account/reset/request");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mail"), "dani@example.com");
    await user.click(screen.getByRole("button", { name: "Recuperar senha" }));
    expect(await screen.findByText(/Verifique seu e-mail/)).toBeInTheDocument();
    expect(calls[0]?.body).toBe("dani@example.com");
    expect(calls[0]?.headers.get("Content-Type")).toBe("text/plain");
  });

  it("asks for a real e-mail of at least 5 characters", async () => {
    const calls = fakeApi({});
    renderRoutes(routes, "/account/reset/request");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Recuperar senha" }));
    expect(await screen.findByText("Seu e-mail é obrigatório.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("E-mail"), "a@b");
    await user.click(screen.getByRole("button", { name: "Recuperar senha" }));
    expect(await screen.findByText("Seu e-mail deve ter pelo menos 5 caracteres.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe("reset finish", () => {
  const fill = async (password: string, confirmation: string) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nova senha"), password);
    await user.type(screen.getByLabelText("Confirme a nova senha"), confirmation);
    await user.click(screen.getByRole("button", { name: "Salvar nova senha" }));
  };

  it.each([
    ["/account/reset/finish/abc123", "from the path"],
    ["/account/reset/finish?key=abc123", "from the query"],
  ])("sends the key %s (%s) with the new password, then goes to /", async (path) => {
    const calls = fakeApi({ "POST /api/account/reset-password/finish": () => new Response(null, { status: 200 }) });
    renderRoutes(routes, path);
    await fill("Nova#Senha9", "Nova#Senha9");
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/$/);
    expect(calls[0]?.body).toEqual({ key: "abc123", newPassword: "Nova#Senha9" });
  });

  it("refuses a confirmation that differs, and passwords outside 4 to 50", async () => {
    const calls = fakeApi({});
    renderRoutes(routes, "/account/reset/finish/abc");
    await fill("abc", "abcd");
    expect(await screen.findByText("Sua senha deve ter pelo menos 4 caracteres.")).toBeInTheDocument();
    expect(screen.getByText("Senhas devem ser iguais.")).toBeInTheDocument();
    await saveNewPasswordOf51Characters();
    expect(await screen.findByText("Sua senha não pode ter mais de 50 caracteres.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the strength of the new password as it is typed", async () => {
    fakeApi({});
    renderRoutes(routes, "/account/reset/finish/abc");
    await userEvent.setup().type(screen.getByLabelText("Nova senha"), "abcdF1!");
    expect(screen.getByRole("meter")).toHaveAttribute("aria-valuenow", "5");
  });

  it("says so when the key was used or expired", async () => {
    fakeApi({
      "POST /api/account/reset-password/finish": () =>
        json({ message: "reset.finish.messages.error" }, { status: 400 }),
    });
    renderRoutes(routes, "/account/reset/finish/old");
    await fill("Nova#Senha9", "Nova#Senha9");
    expect(await screen.findByText(/Este link de recuperação não é mais válido/)).toBeInTheDocument();
  });

  it("explains a link without key", async () => {
    fakeApi({});
    renderRoutes(routes, "/account/reset/finish");
    expect(await screen.findByText("O link de recuperação está incompleto.")).toBeInTheDocument();
  });
});
