import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { fakeApi, json } from "../../../test/fake-api";
import { teacherUser } from "../../../test/fake-teacher-detail";
import { optionNames } from "../../../test/options";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import type { User } from "../api/user";

/** The first screen of a file waits for its lazily loaded page, which takes a while on a busy machine. */
const firstPaint = { timeout: 5000 };

/** Márcia as the users API answers (her roles and kind restated as a User types them), with her private fields. */
const marcia: User = {
  ...teacherUser(1),
  authorities: ["ROLE_USER", "ROLE_TEACHER"],
  kind: "teacher",
  phone: "(11)98765-4321",
  cpf: "123.456.789-09",
  experience: "Dez anos em escolas de idiomas",
  bankNumber: "001",
  bankBranch: "1234-5",
  bankAccount: "98765-4",
  hasMissingPayment: false,
  rating: { average: 4, count: 3 },
};

/** Lia's stored address, the one a new student started from hers is given. */
const liaAddress = {
  cep: "50050-000",
  street: "Rua das Flores",
  number: "10",
  neighbourhood: "Boa Vista",
  city: "Recife",
  state: "PE",
  country: "BR",
};

const lia: User = {
  id: 3,
  login: "lia@example.com",
  firstName: "Lia",
  lastName: "Souza",
  email: "lia@example.com",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
  kind: "student",
  balance: 4,
  phone: "(81)97777-6666",
  level: 2,
  objective: "TRAVEL",
  cpf: "987.654.321-00",
  ...liaAddress,
};

const server = (handlers: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    "GET /api/account": () => json({ ...marcia, id: 9, login: "root", authorities: ["ROLE_ADMIN"] }),
    "GET /api/users/teacher": () => json([marcia], { headers: { "X-Total-Count": "1" } }),
    "GET /api/users/student": () => json([lia], { headers: { "X-Total-Count": "1" } }),
    "GET /api/users/marcia%40example.com": () => json(marcia),
    "GET /api/users/lia%40example.com": () => json(lia),
    "GET /api/payments/teacher/marcia%40example.com": () => json([]),
    "GET /api/levels": () =>
      json([
        { id: 1, name: "Básico", active: true },
        { id: 2, name: "Intermediário", active: true },
        { id: 3, name: "Antigo", active: false },
      ]),
    "PUT /api/users": ({ body }) => json({ ...marcia, ...(body as Partial<User>) }),
    "POST /api/registerByAdmin": ({ body }) => json({ ...lia, ...(body as Partial<User>), id: 50 }, { status: 201 }),
    ...handlers,
  });

/** The message shown beside a field: the one its input names in aria-describedby. */
const messageOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
};

const routes = adminRoutes();

signInAdministratorForEachTest();

describe("teacher detail", () => {
  it("shows the teacher's profile and bank details", async () => {
    server();
    renderRoutes(routes, "/gerencia/professor/marcia%40example.com");
    expect(await screen.findByText("Márcia Lima", {}, firstPaint)).toBeInTheDocument();
    for (const text of [
      "marcia@example.com",
      "(11)98765-4321",
      "123.456.789-09",
      "Dez anos em escolas de idiomas",
      "001",
      "1234-5",
      "98765-4",
      "Quitado",
    ])
      expect(screen.getByText(text, { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByText("4,0 · 3 avaliações")).toBeInTheDocument();
  });

  it("says a login that is not a teacher was not found", async () => {
    server();
    renderRoutes(routes, "/gerencia/professor/lia%40example.com");
    expect(await screen.findByText("Professor lia@example.com não encontrado.", {}, firstPaint)).toBeInTheDocument();
  });

  it("says the server could not be reached", async () => {
    server({
      "GET /api/users/marcia%40example.com": () => {
        throw new TypeError("offline");
      },
    });
    renderRoutes(routes, "/gerencia/professor/marcia%40example.com");
    expect(
      await screen.findByText("Não foi possível falar com o servidor. Verifique sua conexão.", {}, firstPaint),
    ).toBeInTheDocument();
  });
});

describe("teacher form", () => {
  it("masks the phone and the cpf while they are typed", async () => {
    server();
    renderRoutes(routes, "/gerencia/professor/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Telefone", {}, firstPaint), "11912345678");
    expect(screen.getByLabelText("Telefone")).toHaveValue("(11)91234-5678");
    await user.type(screen.getByLabelText("CPF"), "12345678909");
    expect(screen.getByLabelText("CPF")).toHaveValue("123.456.789-09");
  });

  it("shows each rule of spec section 5 in Portuguese and sends nothing", async () => {
    const calls = server();
    renderRoutes(routes, "/gerencia/professor/new");
    const user = userEvent.setup();
    const save = async () => user.click(screen.getByRole("button", { name: "Salvar" }));
    await screen.findByLabelText("Nome", {}, firstPaint);
    await save();
    expect(await screen.findByText("Seu e-mail é obrigatório.")).toBeInTheDocument();
    expect(messageOf("Nome")).toBe("Este campo é obrigatório");

    await user.type(screen.getByLabelText("Nome"), "x".repeat(51));
    await user.type(screen.getByLabelText("Sobrenome"), "y".repeat(51));
    await user.type(screen.getByLabelText("E-mail"), "a@b");
    await user.type(screen.getByLabelText("Telefone"), "1191234");
    await user.type(screen.getByLabelText("CPF"), "1234567");
    await save();
    await waitFor(() => expect(messageOf("Nome")).toBe("Máximo de 50 caracteres."));
    expect(messageOf("Sobrenome")).toBe("Máximo de 50 caracteres.");
    expect(messageOf("E-mail")).toBe("Seu e-mail deve ter pelo menos 5 caracteres.");
    expect(messageOf("Telefone")).toBe("Informe o telefone no formato (99)99999-9999.");
    expect(messageOf("CPF")).toBe("Informe o CPF no formato 999.999.999-99.");

    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "nao-e-email");
    await save();
    await waitFor(() => expect(messageOf("E-mail")).toBe("Email inválido"));

    await user.clear(screen.getByLabelText("E-mail"));
    await user.click(screen.getByLabelText("E-mail"));
    await user.paste(`${"a".repeat(250)}@example.com`);
    await save();
    await waitFor(() => expect(messageOf("E-mail")).toBe("Seu e-mail não pode ter mais de 254 caracteres."));
    expect(calls.some((call) => call.method !== "GET")).toBe(false);
  });

  it("saves an edit with PUT api/users and returns to the list with its query", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/professor/marcia%40example.com/edit?search=mar&page=1");
    const user = userEvent.setup();
    expect(await screen.findByLabelText("ID", {}, firstPaint)).toHaveValue("1");
    expect(screen.queryByLabelText("Senha (opcional)")).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText("Telefone"));
    await user.type(screen.getByLabelText("Telefone"), "21988887777");
    await user.clear(screen.getByLabelText("Conta"));
    await user.type(screen.getByLabelText("Conta"), "11111-1");
    await user.clear(screen.getByLabelText("Sobrenome"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/professor"));
    expect(router.state.location.search).toBe("?search=mar&page=1");
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      id: 1,
      activated: true,
      firstName: "Márcia",
      lastName: null,
      email: "marcia@example.com",
      phone: "(21)98888-7777",
      cpf: "123.456.789-09",
      experience: "Dez anos em escolas de idiomas",
      bankNumber: "001",
      bankBranch: "1234-5",
      bankAccount: "11111-1",
    });
    expect(await screen.findByRole("searchbox")).toHaveValue("mar");
  });

  it("creates a teacher through POST api/registerByAdmin", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/professor/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nome", {}, firstPaint), "Paulo");
    await user.type(screen.getByLabelText("E-mail"), "paulo@example.com");
    await user.type(screen.getByLabelText("Experiência"), "Cinco anos");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/professor"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      student: false,
      firstName: "Paulo",
      lastName: null,
      email: "paulo@example.com",
      phone: null,
      cpf: null,
      experience: "Cinco anos",
      bankNumber: null,
      bankBranch: null,
      bankAccount: null,
    });
  });

  it("shows the server's field errors beside their fields", async () => {
    server({
      "POST /api/registerByAdmin": () =>
        json(
          {
            message: "error.validation",
            fieldErrors: [
              { field: "email", message: "error.emailexists" },
              { field: "bankAccount", message: "Too big: expected string to have <=30 characters" },
            ],
          },
          { status: 400, headers: { "X-app-error": "error.validation" } },
        ),
    });
    const { router } = renderRoutes(routes, "/gerencia/professor/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nome", {}, firstPaint), "Paulo");
    await user.type(screen.getByLabelText("E-mail"), "marcia@example.com");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(messageOf("E-mail")).toBe("Esse e-mail já possui cadastro vinculado."));
    expect(messageOf("Conta")).toBe("Tamanho inválido.");
    // Both found their field, so the general alert does not repeat them.
    expect(screen.queryByText("Verifique os campos do formulário.")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gerencia/professor/new");
  });
});

describe("a change stored before the lists show it (202 Accepted)", () => {
  /** Answers like the backend while its read models lag: the alert, and where to read the change later. */
  const accepted = (location: string, alert: string, login: string) =>
    json(
      { location },
      {
        status: 202,
        headers: { Location: location, "X-app-alert": alert, "X-app-params": encodeURIComponent(login) },
      },
    );
  const teachers = (list: User[]) => json(list, { headers: { "X-Total-Count": String(list.length) } });

  it("creates a teacher: says so, and lists the teacher once the account can be read", async () => {
    const paulo: User = {
      id: 50,
      login: "paulo@example.com",
      firstName: "Paulo",
      lastName: null,
      email: "paulo@example.com",
      activated: true,
      authorities: ["ROLE_USER", "ROLE_TEACHER"],
      kind: "teacher",
      accepted: true,
    };
    let projected = false;
    server({
      "GET /api/users/teacher": () => teachers(projected ? [marcia, paulo] : [marcia]),
      "POST /api/registerByAdmin": () =>
        accepted("/api/users/paulo@example.com", "userManagement.created", "paulo@example.com"),
      // The read model catches up after the first read of the Location.
      "GET /api/users/paulo@example.com": () => {
        const answer = projected ? json(paulo) : json({ message: "error.url.not.found" }, { status: 404 });
        projected = true;
        return answer;
      },
    });
    render(<ToastRegion />);
    const { router } = renderRoutes(routes, "/gerencia/professor/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nome", {}, firstPaint), "Paulo");
    await user.type(screen.getByLabelText("E-mail"), "paulo@example.com");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Usuário paulo@example.com criado com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/professor"));
    expect(await screen.findByText("paulo@example.com", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("saves an edit: says so, and lists the change once the account shows it", async () => {
    let projected = false;
    const current = () => (projected ? { ...marcia, phone: "(21)98888-7777" } : marcia);
    server({
      "GET /api/users/teacher": () => teachers([current()]),
      "PUT /api/users": () => accepted("/api/users/marcia@example.com", "userManagement.updated", "marcia@example.com"),
      "GET /api/users/marcia@example.com": () => {
        const answer = json(current());
        projected = true;
        return answer;
      },
    });
    render(<ToastRegion />);
    const { router } = renderRoutes(routes, "/gerencia/professor/marcia%40example.com/edit");
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText("Telefone", {}, firstPaint));
    await user.type(screen.getByLabelText("Telefone"), "21988887777");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Usuário marcia@example.com atualizado com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/professor"));
    expect(await screen.findByText("(21)98888-7777", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("student screens", () => {
  it("show the student's level, objective, balance and address", async () => {
    server();
    renderRoutes(routes, "/gerencia/aluno/lia%40example.com");
    expect(await screen.findByText("Intermediário", {}, firstPaint)).toBeInTheDocument();
    for (const text of ["Viagem", "4", "987.654.321-00", "50050-000", "Rua das Flores", "Boa Vista", "Recife", "PE"])
      expect(screen.getByText(text, { selector: "dd" })).toBeInTheDocument();
  });

  it("start a new student from the edited one's stored cpf and address, and create it", async () => {
    const calls = server();
    const { router } = renderRoutes(routes, "/gerencia/aluno/lia%40example.com/edit?search=li");
    const user = userEvent.setup();
    await screen.findByLabelText("ID", {}, firstPaint);
    // An unsaved change to the loaded student is not what gets copied: the stored address is.
    await user.clear(screen.getByLabelText("Cidade"));
    await user.type(screen.getByLabelText("Cidade"), "Olinda");
    await user.click(screen.getByRole("button", { name: "Criar aluno com este CPF e endereço" }));

    expect(await screen.findByText("CPF e endereço copiados de Lia Souza.")).toBeInTheDocument();
    expect(screen.queryByLabelText("ID")).not.toBeInTheDocument();
    expect(screen.getByLabelText("CPF")).toHaveValue("987.654.321-00");
    expect(screen.getByLabelText("Cidade")).toHaveValue("Recife");
    expect(screen.getByLabelText("Nome")).toHaveValue("");
    expect(screen.getByLabelText("E-mail")).toHaveValue("");
    await user.type(screen.getByLabelText("Nome"), "Téo");
    await user.type(screen.getByLabelText("E-mail"), "teo@example.com");
    await user.selectOptions(screen.getByLabelText("Nível"), "Básico");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/aluno"));
    expect(router.state.location.search).toBe("?search=li");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      student: true,
      firstName: "Téo",
      lastName: null,
      email: "teo@example.com",
      phone: null,
      cpf: "987.654.321-00",
      level: 1,
      objective: null,
      ...liaAddress,
    });
  });

  it("offer only active levels, keeping a student's own deactivated one", async () => {
    server({ "GET /api/users/lia%40example.com": () => json({ ...lia, level: 3 }) });
    const { unmount } = renderRoutes(routes, "/gerencia/aluno/new");
    expect(optionNames(await screen.findByLabelText("Nível", {}, firstPaint))).toEqual([
      "Selecione",
      "Básico",
      "Intermediário",
    ]);
    unmount();
    renderRoutes(routes, "/gerencia/aluno/lia%40example.com/edit");
    const level = await screen.findByLabelText("Nível");
    expect(level).toHaveValue("3");
    expect(optionNames(level)).toEqual(["Selecione", "Básico", "Intermediário", "Antigo"]);
  });
});
