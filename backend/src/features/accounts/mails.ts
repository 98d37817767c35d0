import type { UserRow } from "@el/projections/accounts/users/index";
import type { Mail } from "../../plugins/mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const resetTexts = {
  "pt-br": {
    subject: "Redefinição de senha",
    greeting: (name: string | null) => (name ? `Olá, ${name}!` : "Olá!"),
    ask: "Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:",
    validity:
      "O link vale por 24 horas e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail.",
  },
  en: {
    subject: "Password reset",
    greeting: (name: string | null) => (name ? `Hello, ${name}!` : "Hello!"),
    ask: "We received a request to reset your account's password. To choose a new password, open the link below:",
    validity:
      "The link is valid for 24 hours and can be used only once. If you did not ask for it, ignore this e-mail.",
  },
};

/** The password-reset e-mail, in the language the account chose (at sign-up or in its settings). */
export const resetPasswordMail = (
  baseUrl: string,
  user: Pick<UserRow, "email" | "firstName" | "langKey">,
  key: string,
): Mail => {
  const t = user.langKey === "en" ? resetTexts.en : resetTexts["pt-br"];
  const link = `${baseUrl.replace(/\/$/, "")}/account/reset/finish?key=${encodeURIComponent(key)}`;
  const greeting = t.greeting(user.firstName);
  return {
    to: user.email,
    subject: t.subject,
    text: [greeting, "", t.ask, "", link, "", t.validity].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.ask)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(t.validity)}</p>`,
  };
};
