import type { UserRow } from "@el/projections/users/index";
import type { Mail } from "../../plugins/mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The password-reset e-mail, in Portuguese like the rest of the product. */
export const resetPasswordMail = (baseUrl: string, user: Pick<UserRow, "email" | "firstName">, key: string): Mail => {
  const link = `${baseUrl.replace(/\/$/, "")}/account/reset/finish?key=${encodeURIComponent(key)}`;
  const greeting = user.firstName ? `Olá, ${user.firstName}!` : "Olá!";
  return {
    to: user.email,
    subject: "Redefinição de senha",
    text: [
      greeting,
      "",
      "Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:",
      "",
      link,
      "",
      "O link vale por 24 horas e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail.",
    ].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>O link vale por 24 horas e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail.</p>`,
  };
};
