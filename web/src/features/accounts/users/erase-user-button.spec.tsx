import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import type { User } from "../api/user";

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
};

const server = (erase: () => Response) =>
  fakeApi({
    "GET /api/account": () => json({ ...lia, id: 9, login: "root", authorities: ["ROLE_ADMIN"] }),
    "GET /api/users/student": () => json([lia], { headers: { "X-Total-Count": "1" } }),
    "GET /api/users/lia%40example.com": () => json(lia),
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "POST /api/users/lia%40example.com/erase": erase,
  });

const openConfirmation = async () => {
  renderRoutes(adminRoutes(), "/gerencia/aluno/lia%40example.com");
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Excluir dados pessoais (LGPD)" }, { timeout: 10_000 }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Excluir os dados pessoais deste usuário?" }) };
};

signInAdministratorForEachTest();

describe("erasing a user's personal data from the back office (LGPD)", { timeout: 20_000 }, () => {
  it("erases after the confirmation and goes back to the list", async () => {
    const calls = server(() => new Response(null, { status: 204, headers: { "X-app-alert": "lgpd.erasedByAdmin" } }));
    const { user, dialog } = await openConfirmation();
    expect(dialog).toHaveTextContent("lia@example.com");

    await user.click(within(dialog).getByRole("button", { name: "Excluir definitivamente" }));

    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("heading", { name: /Alunos/ })).toBeInTheDocument();
  });

  it("shows why it failed, and erases nothing when cancelled", async () => {
    const calls = server(() => json({ message: "error.http.500" }, { status: 500 }));
    const { user, dialog } = await openConfirmation();
    await user.click(within(dialog).getByRole("button", { name: "Excluir definitivamente" }));
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });
});
