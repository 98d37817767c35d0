import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

/** Replaces the "Nova senha" with one of 51 characters, one more than a password may have, and saves. */
export const saveNewPasswordOf51Characters = async () => {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText("Nova senha"));
  await user.type(screen.getByLabelText("Nova senha"), "x".repeat(51));
  await user.click(screen.getByRole("button", { name: "Salvar nova senha" }));
};
