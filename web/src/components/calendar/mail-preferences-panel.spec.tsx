import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { MailPreferencesPanel } from "./mail-preferences-panel";

const show = () => renderRoutes([{ path: "/", element: <MailPreferencesPanel /> }], "/");

describe("lesson e-mail choices", () => {
  it("shows each kind on or off as saved, and saves a switch as it is flipped", async () => {
    let off = ["feedback"];
    const calls = fakeApi({
      "GET /api/account/mail-preferences": () => json({ off }),
      "PUT /api/account/mail-preferences": (request) => {
        off = (request.body as { off: string[] }).off;
        return json({ off });
      },
    });
    show();
    const reminders = await screen.findByRole("checkbox", { name: "Lembretes 24 horas e 1 hora antes da aula" });
    expect(reminders).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Pedido de avaliação depois da aula" })).not.toBeChecked();

    await userEvent.click(reminders);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /Lembretes/ })).not.toBeChecked());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ off: ["feedback", "reminders"] });

    await userEvent.click(screen.getByRole("checkbox", { name: "Pedido de avaliação depois da aula" }));
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: "Pedido de avaliação depois da aula" })).toBeChecked(),
    );
    expect(off).toEqual(["reminders"]);
  });

  it("says so when the choice could not be saved, and keeps the switch as it was", async () => {
    fakeApi({
      "GET /api/account/mail-preferences": () => json({ off: [] }),
      "PUT /api/account/mail-preferences": () => json({ message: "error.http.500" }, { status: 500 }),
    });
    show();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Aula cancelada" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Aula cancelada" })).toBeChecked();
  });
});
