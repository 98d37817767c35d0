import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import type { User } from "../api/user";
import { adminRoutes } from "../routes";

const person = (id: number, firstName: string, extra: Partial<User> = {}): User => ({
  id,
  login: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: "Teste",
  email: `${firstName.toLowerCase()}@example.com`,
  activated: true,
  authorities: [],
  ...extra,
});

const server = () => {
  let teachers = [
    person(1, "Márcia", { accepted: true, hasMissingPayment: true, rating: { average: 4.5, count: 12 } }),
    person(2, "João", { accepted: false, activated: false }),
  ];
  let students = [person(3, "Lia", { balance: 2 }), person(4, "Bruno", { balance: 0 })];
  const calls = fakeApi({
    "GET /api/account": () => json(person(9, "Root", { authorities: ["ROLE_ADMIN"] })),
    "GET /api/users/teacher": () => json(teachers, { headers: { "X-Total-Count": String(teachers.length) } }),
    "GET /api/users/student": () => json(students, { headers: { "X-Total-Count": String(students.length) } }),
    "PUT /api/users": ({ body }) => {
      const changed = body as User;
      teachers = teachers.map((user) => (user.id === changed.id ? { ...changed, accepted: true } : user));
      return json(changed);
    },
    "POST /api/users/lia%40example.com/credits": ({ body }) => {
      const amount = (body as { amount: number }).amount;
      students = students.map((user) => (user.id === 3 ? { ...user, balance: (user.balance ?? 0) + amount } : user));
      return json({ balance: 2 + amount });
    },
  });
  return calls;
};

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

signInAdministratorForEachTest();

describe("teacher management", () => {
  it("searches by name, ignoring accents and case", async () => {
    server();
    renderRoutes(adminRoutes(), "/gerencia/professor");
    await screen.findByText("Márcia Teste");
    await userEvent.setup().type(screen.getByRole("searchbox"), "marcia");
    expect(screen.getByText("Márcia Teste")).toBeInTheDocument();
    expect(screen.queryByText("João Teste")).not.toBeInTheDocument();
  });

  it("shows the debt indicator and accepts an application from its badge", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/professor");
    await screen.findByText("Márcia Teste");
    expect(within(rowOf("Márcia Teste")).getByText("Em débito")).toBeInTheDocument();
    expect(within(rowOf("João Teste")).getByText("Quitado")).toBeInTheDocument();
    await userEvent.setup().click(within(rowOf("João Teste")).getByRole("button", { name: "Aguardando aprovação" }));
    expect(await within(rowOf("João Teste")).findByRole("button", { name: "Ativado" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ id: 2, activated: true });
  });

  it("shows each teacher's rating from the students, or that there is none yet", async () => {
    server();
    renderRoutes(adminRoutes(), "/gerencia/professor");
    await screen.findByText("Márcia Teste");
    expect(within(rowOf("Márcia Teste")).getByText("4,5 · 12 avaliações")).toBeInTheDocument();
    expect(within(rowOf("João Teste")).getByText("Ainda sem avaliações")).toBeInTheDocument();
  });

  it("sorts by a column header", async () => {
    server();
    renderRoutes(adminRoutes(), "/gerencia/professor");
    await screen.findByText("Márcia Teste");
    const names = () =>
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);
    expect(names()).toEqual(["João Teste", "Márcia Teste"]);
    await userEvent.setup().click(screen.getByRole("button", { name: /Nome/ }));
    expect(names()).toEqual(["Márcia Teste", "João Teste"]);
  });
});

describe("student management", () => {
  it("links each row to its profile and form, and the create button to a new student, keeping the list's query", async () => {
    server();
    const query = "?search=li&sort=name,asc&page=1";
    renderRoutes(adminRoutes(), `/gerencia/aluno${query}`);
    await screen.findByText("Lia Teste");
    const row = rowOf("Lia Teste");
    expect(screen.getByRole("link", { name: "Criar aluno" })).toHaveAttribute("href", `/gerencia/aluno/new${query}`);
    expect(within(row).getByRole("link", { name: "Ver" })).toHaveAttribute(
      "href",
      `/gerencia/aluno/lia%40example.com${query}`,
    );
    expect(within(row).getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      `/gerencia/aluno/lia%40example.com/edit${query}`,
    );
  });

  it("keeps the typed search, the order and the page in the URL", async () => {
    server();
    const { router } = renderRoutes(adminRoutes(), "/gerencia/aluno");
    await screen.findByText("Lia Teste");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox"), "li");
    await user.click(screen.getByRole("button", { name: /Saldo de aulas/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        search: "li",
        sort: "balance,asc",
        page: "1",
      }),
    );
    expect(screen.queryByText("Bruno Teste")).not.toBeInTheDocument();
  });

  it("grants credits through POST /api/users/{login}/credits and shows the new balance", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/aluno");
    await screen.findByText("Lia Teste");
    const user = userEvent.setup();
    await user.click(within(rowOf("Lia Teste")).getByRole("button", { name: "Adicionar créditos" }));
    const dialog = await screen.findByRole("dialog");
    await user.clear(within(dialog).getByLabelText("Quantidade de aulas"));
    await user.type(within(dialog).getByLabelText("Quantidade de aulas"), "4");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar créditos" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.path.endsWith("/credits"))?.body).toEqual({ amount: 4 });
    expect(await within(rowOf("Lia Teste")).findByText("6")).toBeInTheDocument();
  });

  it("refuses a zero amount before calling the server", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/aluno");
    await screen.findByText("Lia Teste");
    const user = userEvent.setup();
    await user.click(within(rowOf("Lia Teste")).getByRole("button", { name: "Adicionar créditos" }));
    const dialog = await screen.findByRole("dialog");
    await user.clear(within(dialog).getByLabelText("Quantidade de aulas"));
    await user.type(within(dialog).getByLabelText("Quantidade de aulas"), "0");
    expect(within(dialog).getByRole("button", { name: "Adicionar créditos" })).toBeDisabled();
    expect(within(dialog).getByText("Informe um número inteiro a partir de 1.")).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/credits"))).toBe(false);
  });

  it("says so when there is no student", async () => {
    fakeApi({
      "GET /api/account": () => json(person(9, "Root", { authorities: ["ROLE_ADMIN"] })),
      "GET /api/users/student": () => json([], { headers: { "X-Total-Count": "0" } }),
    });
    renderRoutes(adminRoutes(), "/gerencia/aluno");
    expect(await screen.findByText("Nenhum usuário encontrado")).toBeInTheDocument();
  });
});
