import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import type { User } from "../api/user";

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
  it("filters by any level of the catalogue, Business and interview preparation included, kept in the URL", async () => {
    fakeApi({
      "GET /api/account": () => json(person(9, "Root", { authorities: ["ROLE_ADMIN"] })),
      "GET /api/levels": () =>
        json([
          { id: 1, name: "Begginer", active: true },
          { id: 5, name: "Preparação para entrevista", active: true },
          { id: 6, name: "Business", active: false },
        ]),
      "GET /api/users/student": () =>
        json([
          person(3, "Lia", { level: 6 }),
          person(4, "Bruno", { level: 5 }),
          person(5, "Caio", { level: 1 }),
          person(6, "Duda", { level: null }),
        ]),
    });
    const { router } = renderRoutes(adminRoutes(), "/gerencia/aluno");
    await screen.findByText("Lia Teste");
    const level = screen.getByRole("combobox", { name: "Nível" });
    await waitFor(() => expect(within(level).getAllByRole("option")).toHaveLength(4));
    expect(
      within(level)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Todos os níveis", "Begginer", "Preparação para entrevista", "Business"]);
    const user = userEvent.setup();
    await user.selectOptions(level, "Business");
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("level")).toBe("6"));
    expect(screen.getByText("Lia Teste")).toBeInTheDocument();
    expect(screen.queryByText("Bruno Teste")).not.toBeInTheDocument();
    expect(within(rowOf("Lia Teste")).getByText("Business")).toBeInTheDocument();
    await user.selectOptions(level, "Preparação para entrevista");
    expect(await screen.findByText("Bruno Teste")).toBeInTheDocument();
    expect(screen.queryByText("Lia Teste")).not.toBeInTheDocument();
    await user.selectOptions(level, "Todos os níveis");
    expect(await screen.findByText("Duda Teste")).toBeInTheDocument();
    expect(screen.getByText("Caio Teste")).toBeInTheDocument();
  });

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

describe("a users list read from a replay (`?replay=<id>`)", () => {
  const auditor = () =>
    json(person(8, "Auditora", { authorities: ["ROLE_USER", "ROLE_AUDITOR"] as User["authorities"] }));
  const replayServer = (account = auditor) =>
    fakeApi({
      "GET /api/account": account,
      "GET /api/audit/replays/abc123abc123": () =>
        json({
          id: "abc123abc123",
          projection: "users",
          at: "2026-03-01T02:59:00.000Z",
          status: "done",
          replayed: 10,
          total: 10,
          error: null,
          requestedBy: "8",
          createdAt: "2026-04-02T12:00:00.000Z",
          finishedAt: "2026-04-02T12:00:01.000Z",
          expiresAt: "2026-04-03T12:00:00.000Z",
          screens: ["/gerencia/aluno?replay=abc123abc123", "/gerencia/professor?replay=abc123abc123"],
        }),
      "GET /api/users/student": () => json([person(3, "Lia", { balance: 2 })], { headers: { "X-Total-Count": "1" } }),
      "GET /api/users/teacher": () =>
        json([person(1, "Márcia", { accepted: true, hasMissingPayment: null, rating: null })], {
          headers: { "X-Total-Count": "1" },
        }),
    });

  it("shows an auditor the students as they stood, under a read-only banner, with nothing that writes", async () => {
    const calls = replayServer();
    renderRoutes(adminRoutes(), "/gerencia/aluno?replay=abc123abc123");
    await screen.findByText("Lia Teste", {}, { timeout: 5000 });
    expect(await screen.findByRole("status")).toHaveTextContent("Réplica de 28/02/26 23:59 — somente leitura.");
    expect(calls.find((call) => call.path === "/api/users/student")?.query.get("replay")).toBe("abc123abc123");
    const row = rowOf("Lia Teste");
    expect(within(row).queryByRole("button")).toBeNull();
    expect(within(row).getByText("Ativado")).toBeInTheDocument();
    expect(within(row).queryByRole("link", { name: "Ver" })).toBeNull();
    expect(within(row).queryByRole("link", { name: "Editar" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Cadastrar|Criar|Novo/ })).toBeNull();
    // The audit menu, not the administration's.
    expect(screen.getByRole("link", { name: "Replays" })).toHaveAttribute("href", "/auditoria/replays");
    expect(screen.queryByRole("link", { name: "Cupons" })).toBeNull();
    // Searching keeps the list on the replay.
    await userEvent.setup().type(screen.getByRole("searchbox"), "lia");
    expect(screen.getByText("Lia Teste")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/users/student").every((call) => call.query.has("replay"))).toBe(
      true,
    );
  });

  it("shows a dash where a teacher's debt and rating are not part of the replay", async () => {
    replayServer();
    renderRoutes(adminRoutes(), "/gerencia/professor?replay=abc123abc123");
    await screen.findByText("Márcia Teste", {}, { timeout: 5000 });
    const cells = within(rowOf("Márcia Teste"))
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(3, 5)).toEqual(["—", "—"]);
  });

  it("keeps today's lists for administrators: an auditor without a replay is refused", async () => {
    replayServer();
    renderRoutes(adminRoutes(), "/gerencia/aluno");
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Você não tem autorização para acessar esta página.",
    );
  });
});
