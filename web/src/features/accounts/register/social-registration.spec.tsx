import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenStorage } from "../../../lib/api";
import { page } from "../../../lib/session/token-sign-in";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { LoginModal } from "../login/login-modal";
import { StudentStepOnePage } from "./student-step-one-page";
import { StudentStepTwoPage } from "./student-step-two-page";

const otherWaysIn = <a href="/api/google/authorize">Entrar com Google</a>;
const routes = [
  { path: "/login", element: <LoginModal signInOptions={otherWaysIn} /> },
  { path: "/registro/aluno", element: <StudentStepOnePage signInOptions={otherWaysIn} /> },
  { path: "/registro/finalizar", element: <StudentStepTwoPage /> },
];

const fromGoogle =
  "/registro/finalizar?name=Beatriz%20Lima&email=beatriz%40example.com&photo=https%3A%2F%2Fphotos.example.com%2Fb.jpg&ticket=ticket-1";

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

describe("signing up through Google or Facebook", () => {
  it.each(["/login", "/registro/aluno"])("%s offers the other ways in beside its form", async (path) => {
    fakeApi({});
    renderRoutes(routes, path);
    expect(await screen.findByRole("link", { name: "Entrar com Google" })).toHaveAttribute(
      "href",
      "/api/google/authorize",
    );
  });

  it("finishes with name, e-mail and photo filled in and no password, and signs the student in", async () => {
    const registered: unknown[] = [];
    fakeApi({
      "GET /api/levels": () => json([{ id: 1, name: "Begginer", active: true }]),
      "POST /api/register/social": ({ body }) => {
        registered.push(body);
        return json({ id_token: "token-of-beatriz" }, { status: 201 });
      },
    });
    renderRoutes(routes, fromGoogle);
    expect(await screen.findByRole("img")).toHaveAttribute("src", "https://photos.example.com/b.jpg");
    expect(screen.getByLabelText("E-mail")).toHaveValue("beatriz@example.com");
    expect(screen.getByLabelText("Sobrenome")).toHaveValue("Lima");
    expect(screen.queryByLabelText("Senha")).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Telefone"), "11912345678");
    await user.selectOptions(await screen.findByLabelText("Nível de inglês"), "1");
    await user.selectOptions(screen.getByLabelText(/Como nos conheceu/), "FACEBOOK");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));

    await waitFor(() => expect(load).toHaveBeenCalledWith("/student"));
    expect(tokenStorage.get()).toBe("token-of-beatriz");
    expect(registered).toEqual([
      {
        langKey: "pt-br",
        ticket: "ticket-1",
        firstName: "Beatriz",
        lastName: "Lima",
        phone: "(11)91234-5678",
        level: 1,
        objective: "PROFESSIONAL",
        seen: "FACEBOOK",
      },
    ]);
  });

  it("lets the person apply as a teacher instead: the application goes with the ticket and nobody is signed in", async () => {
    const applied: unknown[] = [];
    fakeApi({
      "GET /api/levels": () => json([{ id: 1, name: "Begginer", active: true }]),
      "POST /api/register/social/teacher": ({ body }) => {
        applied.push(body);
        return json({ login: "beatriz@example.com", activated: false }, { status: 201 });
      },
    });
    renderRoutes(routes, fromGoogle);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Dar aulas de inglês" }));
    expect(screen.queryByLabelText("Nível de inglês")).toBeNull();
    expect(screen.getByLabelText("E-mail")).toHaveValue("beatriz@example.com");

    await user.click(screen.getByRole("button", { name: "Enviar candidatura" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(2);
    expect(applied).toEqual([]);

    await user.type(screen.getByLabelText("Telefone"), "11912345678");
    await user.type(screen.getByLabelText("Experiência"), "Seis anos com adolescentes");
    await user.click(screen.getByRole("button", { name: "Enviar candidatura" }));
    expect(await screen.findByText(/Cadastro recebido!/)).toBeInTheDocument();
    expect(applied).toEqual([
      {
        langKey: "pt-br",
        ticket: "ticket-1",
        firstName: "Beatriz",
        lastName: "Lima",
        phone: "(11)91234-5678",
        experience: "Seis anos com adolescentes",
      },
    ]);
    expect(tokenStorage.get()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("says so when the ticket expired, and signs nobody in", async () => {
    fakeApi({
      "GET /api/levels": () => json([{ id: 1, name: "Begginer", active: true }]),
      "POST /api/register/social": () =>
        json(
          { message: "social.messages.error.ticket" },
          { status: 400, headers: { "X-app-error": "social.messages.error.ticket" } },
        ),
    });
    renderRoutes(routes, fromGoogle);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Telefone"), "11912345678");
    await user.selectOptions(await screen.findByLabelText("Nível de inglês"), "1");
    await user.selectOptions(screen.getByLabelText(/Como nos conheceu/), "FACEBOOK");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(tokenStorage.get()).toBeNull();
  });
});
