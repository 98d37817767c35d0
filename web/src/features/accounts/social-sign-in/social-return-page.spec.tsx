import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenStorage } from "../../../lib/api";
import { page } from "../../../lib/session/token-sign-in";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes, whereAmI } from "../../../test/render";
import { SocialReturnPage } from "./social-return-page";
import { outcomes } from "./test-server";

const routes = [
  { path: "/google", element: <SocialReturnPage provider="google" /> },
  { path: "/facebook", element: <SocialReturnPage provider="facebook" /> },
  whereAmI("/registro/finalizar"),
];

let load: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  load = vi.spyOn(page, "load").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the Google and Facebook return pages", () => {
  it("exchange the code and state, and sign a linked account in", async () => {
    const calls = fakeApi({ "GET /api/google/code": outcomes.signedIn });
    renderRoutes(routes, "/google?code=abc&state=xyz");
    await waitFor(() => expect(load).toHaveBeenCalledWith("/"));
    expect(tokenStorage.get()).toBe("token-of-beatriz");
    expect(calls.filter((call) => call.path === "/api/google/code")).toHaveLength(1);
    const exchange = calls.find((call) => call.path === "/api/google/code");
    expect(exchange?.query.get("code")).toBe("abc");
    expect(exchange?.query.get("state")).toBe("xyz");
  });

  it("send a new person on to finish the sign-up with name, e-mail, photo and the ticket", async () => {
    fakeApi({ "GET /api/facebook/code": outcomes.registration });
    renderRoutes(routes, "/facebook?code=abc&state=new-person");
    const location = await screen.findByTestId("location");
    const url = new URL(location.textContent ?? "", "http://localhost");
    expect(url.pathname).toBe("/registro/finalizar");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: "Beatriz Lima",
      email: "beatriz@example.com",
      photo: "https://photos.example.com/beatriz.jpg",
      ticket: "ticket-1",
    });
    expect(load).not.toHaveBeenCalled();
  });

  it("ask the password of the account that has the e-mail, refuse a wrong one and link with the right one", async () => {
    const links: unknown[] = [];
    fakeApi({
      "GET /api/google/code": outcomes.passwordRequired,
      "POST /api/google/link": ({ body }) => {
        links.push(body);
        return (body as { password: string }).password === "senha-da-ana"
          ? json({ id_token: "token-of-ana" })
          : json(
              { message: "login.messages.error.authentication" },
              { status: 400, headers: { "X-app-error": "login.messages.error.authentication" } },
            );
      },
    });
    renderRoutes(routes, "/google?code=abc&state=known-e-mail");
    expect(await screen.findByText(/O e-mail ana@example.com já possui cadastro/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Senha"), "errada");
    await user.click(screen.getByRole("button", { name: "Vincular e entrar" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(tokenStorage.get()).toBeNull();

    await user.clear(screen.getByLabelText("Senha"));
    await user.type(screen.getByLabelText("Senha"), "senha-da-ana");
    await user.click(screen.getByRole("button", { name: "Vincular e entrar" }));
    await waitFor(() => expect(load).toHaveBeenCalledWith("/"));
    expect(tokenStorage.get()).toBe("token-of-ana");
    expect(links).toEqual([
      { ticket: "ticket-2", password: "errada" },
      { ticket: "ticket-2", password: "senha-da-ana" },
    ]);
  });

  it("say a forged or expired return signs nobody in, and lead back to the sign-in", async () => {
    fakeApi({ "GET /api/google/code": outcomes.forgedState });
    renderRoutes(routes, "/google?code=abc&state=forged");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Este retorno do login não pertence a uma entrada iniciada neste navegador, ou expirou. Entre novamente.",
    );
    expect(screen.getByRole("link", { name: "Voltar para a entrada" })).toHaveAttribute("href", "/login");
    expect(tokenStorage.get()).toBeNull();
  });

  it("say the sign-in was not completed when the provider sent no code (the person cancelled)", async () => {
    const calls = fakeApi({});
    renderRoutes(routes, "/facebook?error=access_denied&state=xyz");
    expect(await screen.findByRole("alert")).toHaveTextContent("A entrada com Facebook não foi concluída.");
    expect(calls).toEqual([]);
  });

  it("show that it is working while the code is exchanged", async () => {
    fakeApi({ "GET /api/google/code": () => new Promise(() => {}) });
    renderRoutes(routes, "/google?code=abc&state=slow");
    expect(await screen.findByText("Carregando...")).toBeInTheDocument();
  });
});
