import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes, whereAmI } from "../../../test/render";
import { StudentStepOnePage } from "./student-step-one-page";
import { StudentStepTwoPage } from "./student-step-two-page";
import { TeacherApplicationPage } from "./teacher-application-page";

const routes = [
  { path: "/registro/aluno", element: <StudentStepOnePage /> },
  { path: "/registro/finalizar", element: <StudentStepTwoPage /> },
  { path: "/registro/professor", element: <TeacherApplicationPage /> },
  whereAmI("/student"),
];

const levels = [
  { id: 1, name: "Begginer", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 7, name: "Antigo", active: false },
  // The trial lessons' level: no English level a student is in.
  { id: 9, name: "Aula Experimental", active: true },
];

/** A back end that knows one taken e-mail and signs in whoever registered. */
const server = () => {
  const registered: unknown[] = [];
  const calls = fakeApi({
    "GET /api/account/hasUser": ({ query }) => json(query.get("email") === "taken@example.com"),
    "GET /api/levels": () => json(levels),
    "POST /api/register": ({ body }) => {
      if ((body as { email: string }).email === "taken@example.com") {
        return json({ message: "error.emailexists" }, { status: 400 });
      }
      registered.push(body);
      return new Response(null, { status: 201 });
    },
    "POST /api/authenticate": () => json({ id_token: "t" }),
    "GET /api/account": () =>
      json({
        id: 9,
        login: "eva@example.com",
        email: "eva@example.com",
        activated: true,
        authorities: ["ROLE_STUDENT"],
      }),
  });
  return { calls, registered };
};

const fillStepOne = async (email = "eva@example.com", confirmation = "segredo1") => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Nome"), "Eva");
  await user.type(screen.getByLabelText("Sobrenome"), "Lima");
  await user.type(screen.getByLabelText("E-mail"), email);
  await user.type(screen.getByLabelText("Senha"), "segredo1");
  await user.type(screen.getByLabelText("Confirme a senha"), confirmation);
  return user;
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("student sign-up, step 1", () => {
  it("requires every field with 'Este campo é obrigatório'", async () => {
    server();
    renderRoutes(routes, "/registro/aluno");
    await userEvent.setup().click(screen.getByRole("button", { name: "Continuar" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(5);
  });

  it("refuses an invalid e-mail and a confirmation that differs", async () => {
    server();
    renderRoutes(routes, "/registro/aluno");
    const user = await fillStepOne("eva@", "outra");
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Email inválido")).toBeInTheDocument();
    expect(screen.getByText("Senhas devem ser iguais.")).toBeInTheDocument();
  });

  it("warns on leaving a taken e-mail, hides the submit and offers a reset link", async () => {
    const { calls } = server();
    renderRoutes(routes, "/registro/aluno");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mail"), "taken@example.com");
    await user.tab();
    expect(await screen.findByText(/Esse e-mail já possui cadastro vinculado\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continuar" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Recupere aqui/ })).toHaveAttribute("href", "/account/reset/request");
    expect(calls.find((call) => call.path === "/api/account/hasUser")?.query.get("email")).toBe("taken@example.com");
  });

  it("carries the data to step 2, which submits everything, signs in and lands on /student", async () => {
    const { registered } = server();
    renderRoutes(routes, "/registro/aluno");
    const user = await fillStepOne();
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Continuar" }));

    expect(await screen.findByRole("heading", { name: "Quase lá, Eva!" })).toBeInTheDocument();
    const level = await screen.findByLabelText("Nível de inglês");
    expect([...(level as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      "Selecione",
      "Begginer",
      "Intermediário",
    ]);
    await user.type(screen.getByLabelText("Telefone"), "11987654321");
    expect(screen.getByLabelText("Telefone")).toHaveValue("(11)98765-4321");
    await user.selectOptions(level, "Intermediário");
    await user.selectOptions(screen.getByLabelText("Objetivo"), "Viagem");
    await user.selectOptions(screen.getByLabelText("Como nos conheceu?"), "Instagram");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/student");
    expect(registered).toEqual([
      expect.objectContaining({
        firstName: "Eva",
        lastName: "Lima",
        email: "eva@example.com",
        password: "segredo1",
        phone: "(11)98765-4321",
        level: 2,
        objective: "TRAVEL",
        seen: "INSTAGRAM",
        student: true,
      }),
    ]);
  });

  it("step 2 requires phone, level and heard-from", async () => {
    const { calls } = server();
    const { router } = renderRoutes(routes, "/registro/aluno");
    await router.navigate("/registro/finalizar", {
      state: {
        registration: {
          firstName: "Eva",
          lastName: "Lima",
          email: "eva@example.com",
          password: "segredo1",
          confirmPassword: "segredo1",
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByLabelText("Nível de inglês");
    await user.type(screen.getByLabelText("Telefone"), "1198");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));
    expect(await screen.findByText("Informe o telefone no formato (99)99999-9999.")).toBeInTheDocument();
    expect(screen.getAllByText("Este campo é obrigatório")).toHaveLength(2);
    expect(calls.some((call: FakeRequest) => call.path === "/api/register")).toBe(false);
  });

  it("step 2 takes name, e-mail and photo from a social sign-in and asks for the rest", async () => {
    const { registered } = server();
    const photo = "https://lh3.example.com/eva.jpg";
    renderRoutes(
      routes,
      `/registro/finalizar?name=${encodeURIComponent("Eva Maria Lima")}&email=eva@example.com&photo=${encodeURIComponent(photo)}`,
    );
    expect(await screen.findByRole("heading", { name: "Quase lá, Eva!" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Sua foto" })).toHaveAttribute("src", photo);
    expect(screen.getByLabelText("E-mail")).toHaveValue("eva@example.com");
    expect(screen.getByLabelText("Sobrenome")).toHaveValue("Maria Lima");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Senha"), "segredo1");
    await user.type(screen.getByLabelText("Confirme a senha"), "segredo1");
    await user.type(screen.getByLabelText("Telefone"), "11987654321");
    await user.selectOptions(await screen.findByLabelText("Nível de inglês"), "Begginer");
    await user.selectOptions(screen.getByLabelText("Como nos conheceu?"), "Facebook");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/student");
    expect(registered).toEqual([
      expect.objectContaining({
        firstName: "Eva",
        lastName: "Maria Lima",
        email: "eva@example.com",
        password: "segredo1",
        level: 1,
        seen: "FACEBOOK",
        student: true,
      }),
    ]);
  });

  it("step 2 from a social sign-in needs a last name and a matching password", async () => {
    const { calls } = server();
    renderRoutes(routes, "/registro/finalizar?name=Eva&email=eva@example.com&photo=javascript:alert(1)");
    expect(await screen.findByRole("heading", { name: "Quase lá, Eva!" })).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Senha"), "segredo1");
    await user.type(screen.getByLabelText("Confirme a senha"), "segredo2");
    await user.click(screen.getByRole("button", { name: "Finalizar cadastro" }));
    expect(await screen.findByText("Senhas devem ser iguais.")).toBeInTheDocument();
    expect(screen.getAllByText("Este campo é obrigatório")).toHaveLength(4);
    expect(calls.some((call: FakeRequest) => call.path === "/api/register")).toBe(false);
  });

  it("step 2 without step 1 nor a social sign-in sends the visitor to the start", async () => {
    server();
    renderRoutes(routes, "/registro/finalizar");
    expect(await screen.findByText("Comece pelo primeiro passo do cadastro.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Criar conta" })).toHaveAttribute("href", "/registro/aluno");
  });

  it("sends a signed-in visitor of step 2 to /student", async () => {
    server();
    localStorage.setItem("jhi-authenticationToken", "t");
    renderRoutes(routes, "/registro/finalizar");
    expect(await screen.findByTestId("location")).toHaveTextContent("/student");
  });
});

describe("teacher application", () => {
  it("requires name, e-mail, phone, password and experience", async () => {
    server();
    renderRoutes(routes, "/registro/professor");
    await userEvent.setup().click(screen.getByRole("button", { name: "Enviar candidatura" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(5);
  });

  it("applies, then hides the form behind a notice about the administrator's acceptance", async () => {
    const { registered } = server();
    renderRoutes(routes, "/registro/professor");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nome"), "Rui Prof");
    await user.type(screen.getByLabelText("E-mail"), "rui@example.com");
    await user.type(screen.getByLabelText("Telefone"), "21912345678");
    await user.type(screen.getByLabelText("Senha"), "ensino42");
    await user.click(screen.getByLabelText("Mostrar senha"));
    expect(screen.getByLabelText("Senha")).toHaveAttribute("type", "text");
    await user.type(screen.getByLabelText("Experiência"), "CELTA, 6 anos");
    await user.click(screen.getByRole("button", { name: "Enviar candidatura" }));

    expect(await screen.findByText(/assim que um administrador aceitar/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Nome")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(registered).toEqual([
        expect.objectContaining({
          firstName: "Rui Prof",
          email: "rui@example.com",
          phone: "(21)91234-5678",
          experience: "CELTA, 6 anos",
          student: false,
        }),
      ]),
    );
  });

  it("shows the server's refusal of a taken e-mail and keeps the form", async () => {
    server();
    renderRoutes(routes, "/registro/professor");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nome"), "Rui");
    await user.type(screen.getByLabelText("E-mail"), "taken@example.com");
    await user.type(screen.getByLabelText("Telefone"), "21912345678");
    await user.type(screen.getByLabelText("Senha"), "ensino42");
    await user.type(screen.getByLabelText("Experiência"), "CELTA");
    await user.click(screen.getByRole("button", { name: "Enviar candidatura" }));
    expect(await screen.findByText("Esse e-mail já possui cadastro vinculado.")).toBeInTheDocument();
    expect(screen.getByLabelText("Nome")).toBeInTheDocument();
  });
});
