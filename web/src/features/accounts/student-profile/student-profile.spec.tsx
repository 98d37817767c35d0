import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderStudentArea, student } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";

const STUDENT = student({ phone: "(11)98765-4321" });

const server = (levels: () => Response = () => json([{ id: 2, name: "Intermediário", active: true }])) =>
  fakeApi({
    "GET /api/account": () => json(STUDENT),
    "GET /api/levels": levels,
  });

const renderProfile = () => renderStudentArea("/student/perfil");

signInStudentForEachTest();

describe("the student's Meu Perfil screen", () => {
  it("shows the account as it is: name, e-mail, phone, level name and objective", async () => {
    server();
    renderProfile();
    const profile = await screen.findByRole("region", { name: "Meu Perfil" });
    await within(profile).findByLabelText("Nome");
    const shown = {
      Nome: "Ana",
      Sobrenome: "Souza",
      "E-mail": "ana@example.com",
      Telefone: "(11)98765-4321",
      Nível: "Intermediário",
      Objetivo: "Viagem",
    };
    for (const [label, value] of Object.entries(shown))
      expect(within(profile).getByLabelText(label)).toHaveValue(value);
    expect(within(profile).getAllByRole("textbox")).toHaveLength(Object.keys(shown).length);
  });

  it("lets nothing be changed: every field is read-only and there is nothing to save", async () => {
    server();
    renderProfile();
    const profile = await screen.findByRole("region", { name: "Meu Perfil" });
    const name = await within(profile).findByLabelText("Nome");
    for (const input of within(profile).getAllByRole("textbox")) expect(input).toHaveAttribute("readonly");

    await userEvent.setup().type(name, "Maria");

    expect(name).toHaveValue("Ana");
    expect(within(profile).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so when the levels cannot be loaded", async () => {
    server(() => json({ message: "error.unexpected" }, { status: 500 }));
    renderProfile();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });
});
