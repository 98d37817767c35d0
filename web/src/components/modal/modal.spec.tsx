import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n/i18n";
import { Modal } from "./modal";

beforeEach(async () => {
  await i18n.changeLanguage("pt-br");
});

const Page = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Antes</button>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Modal
          title="Confirmar"
          onClose={() => setOpen(false)}
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Cancelar
            </button>
          }
        >
          <label>
            Motivo
            <input />
          </label>
        </Modal>
      )}
    </>
  );
};

describe("a dialog, for keyboard users", () => {
  it("takes the focus on its first field when it opens, keeps Tab and Shift+Tab inside, and gives it back on Escape", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Abrir" })).toHaveFocus();
    await user.keyboard("{Enter}");

    const dialog = screen.getByRole("dialog", { name: "Confirmar" });
    expect(screen.getByLabelText("Motivo")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Fechar" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByLabelText("Motivo")).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Abrir" })).toHaveFocus();
  });

  it("gives the focus back to its opener when a button inside closes it", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("button", { name: "Abrir" }));
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Abrir" })).toHaveFocus();
  });
});
