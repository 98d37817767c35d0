import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { ANA, messageView, PAUL, reported } from "../messages-fixtures";
import { messageSections } from "../routes";

const server = (queue = [reported()]) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/conversations/reported": () => json(queue),
    "GET /api/conversations/31/messages": ({ query }: FakeRequest) =>
      query.get("before") === "201"
        ? json({ messages: [messageView(150, ANA, "Bom dia")], hasOlder: false })
        : json({
            messages: [messageView(201, PAUL, "Me passa seu telefone?"), messageView(202, ANA, "Prefiro não.")],
            hasOlder: true,
          }),
  });

signInAdministratorForEachTest();

describe("Conversas denunciadas", () => {
  it("lists the reported conversations with who reported them, when and why", async () => {
    server();
    renderRoutes(adminRoutes(messageSections), "/gerencia/conversas");
    const item = (await screen.findByRole("heading", { name: "Ana Souza (aluno) e Paul Smith (professor)" })).closest(
      "li",
    ) as HTMLElement;
    expect(item).toHaveTextContent("Denunciada por Ana Souza em 01/12/26 às 11:00:");
    expect(item).toHaveTextContent("Ele me pediu meu telefone.");
    expect(within(item).getByRole("link", { name: "Ler a conversa de Ana Souza e Paul Smith" })).toHaveAttribute(
      "href",
      "/gerencia/conversas/31",
    );
    expect(
      within(screen.getByRole("navigation", { name: "Gerência" })).getByRole("link", { name: "Conversas denunciadas" }),
    ).toBeInTheDocument();
  });

  it("says so when nothing is reported", async () => {
    server([]);
    renderRoutes(adminRoutes(messageSections), "/gerencia/conversas");
    expect(await screen.findByText("Nenhuma conversa denunciada.")).toBeInTheDocument();
  });

  it("shows a reported conversation read-only, saying the read is recorded, older messages on request", async () => {
    server();
    renderRoutes(adminRoutes(messageSections), "/gerencia/conversas/31");
    expect(await screen.findByRole("note")).toHaveTextContent("Esta leitura fica registrada");
    const history = await screen.findByRole("list", { name: "Histórico da conversa" });
    expect(
      within(history)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Paul Smith (professor) · 01/12/26 às 10:21Me passa seu telefone?",
      "Ana Souza (aluno) · 01/12/26 às 10:22Prefiro não.",
    ]);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Carregar anteriores" }));
    expect(await within(history).findByText("Bom dia")).toBeInTheDocument();
  });
});
