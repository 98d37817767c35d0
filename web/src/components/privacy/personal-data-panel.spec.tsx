import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderStudentArea, student } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";

const server = (erase: (password: string) => Response) =>
  fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "GET /api/account/mail-preferences": () => json({ off: [] }),
    "GET /api/account/calendar-feed": () => json({ url: null }),
    "GET /api/account/export": () =>
      new Response(JSON.stringify({ account: { email: "ana@example.com" } }), {
        headers: {
          "Content-Type": "application/json",
          "Content-Disposition": 'attachment; filename="meus-dados-2026-11-24.json"',
        },
      }),
    "DELETE /api/account": (request) => erase((request.body as { password: string }).password),
  });

const panel = async () => {
  renderStudentArea("/student/perfil");
  return screen.findByRole("region", { name: "Seus dados (LGPD)" });
};

signInStudentForEachTest();

// The whole student area renders around the panel: slow on a loaded machine.
describe("the profile's personal data (LGPD)", { timeout: 20_000 }, () => {
  it("downloads everything held about the person as a JSON file", async () => {
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:meus-dados");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const calls = server(() => new Response(null, { status: 204 }));
    const region = await panel();

    await userEvent.click(within(region).getByRole("button", { name: "Baixar meus dados" }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.some((call) => call.method === "GET" && call.path === "/api/account/export")).toBe(true);
  });

  it("asks for confirmation and the password, says so when the password is wrong, and erases nothing", async () => {
    const calls = server(() =>
      json(
        { message: "error.validation", fieldErrors: [{ field: "password", message: "error.password.incorrect" }] },
        { status: 400, headers: { "X-app-error": "error.password.incorrect" } },
      ),
    );
    const region = await panel();
    const user = userEvent.setup();

    await user.click(within(region).getByRole("button", { name: "Excluir minha conta e meus dados" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir sua conta e seus dados pessoais?" });
    const confirm = within(dialog).getByRole("button", { name: "Excluir definitivamente" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Digite sua senha para confirmar"), "errada");
    await user.click(confirm);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Senha atual incorreta.");
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({ password: "errada" });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("erases the account with the right password and signs the person out", async () => {
    const calls = server(() => new Response(null, { status: 204, headers: { "X-app-alert": "lgpd.erased" } }));
    const region = await panel();
    const user = userEvent.setup();

    await user.click(within(region).getByRole("button", { name: "Excluir minha conta e meus dados" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Digite sua senha para confirmar"), "senha-da-ana");
    await user.click(within(dialog).getByRole("button", { name: "Excluir definitivamente" }));

    await waitFor(() => expect(screen.queryByRole("region", { name: "Seus dados (LGPD)" })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({ password: "senha-da-ana" });
  });

  it("closes the confirmation on Cancelar without erasing anything", async () => {
    const calls = server(() => new Response(null, { status: 204 }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole("button", { name: "Excluir minha conta e meus dados" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
  });
});
