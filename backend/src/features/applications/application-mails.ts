import type { TeacherApplicationRow } from "@el/projections/accounts/users/index";
import type { Mail } from "../../plugins/mailer";

type Applicant = Pick<TeacherApplicationRow, "email" | "firstName"> & { langKey: string };

const texts = {
  "pt-br": {
    hello: (name: string | null) => (name ? `Olá, ${name}!` : "Olá!"),
    approved: {
      subject: "Sua candidatura foi aprovada",
      body: (link: string) => [
        "Sua candidatura para dar aulas foi aprovada. Bem-vindo à equipe de professores!",
        "",
        `Entre com o seu e-mail e a senha que você escolheu: ${link}`,
      ],
    },
    rejected: {
      subject: "Sua candidatura não foi aprovada",
      body: (reason: string) => [
        "Agradecemos o seu interesse, mas a sua candidatura para dar aulas não foi aprovada neste momento.",
        "",
        `Motivo: ${reason}`,
      ],
    },
  },
  en: {
    hello: (name: string | null) => (name ? `Hello, ${name}!` : "Hello!"),
    approved: {
      subject: "Your application was approved",
      body: (link: string) => [
        "Your application to teach was approved. Welcome to the team of teachers!",
        "",
        `Sign in with your e-mail and the password you chose: ${link}`,
      ],
    },
    rejected: {
      subject: "Your application was not approved",
      body: (reason: string) => [
        "Thank you for your interest, but your application to teach was not approved at this time.",
        "",
        `Reason: ${reason}`,
      ],
    },
  },
};

const languageOf = (applicant: Applicant) => (applicant.langKey === "en" ? texts.en : texts["pt-br"]);

export const applicationApprovedMail = (applicant: Applicant, baseUrl: string): Mail => {
  const t = languageOf(applicant);
  return {
    to: applicant.email,
    subject: t.approved.subject,
    text: [t.hello(applicant.firstName), "", ...t.approved.body(`${baseUrl.replace(/\/$/, "")}/login`)].join("\n"),
  };
};

export const applicationRejectedMail = (applicant: Applicant, reason: string): Mail => {
  const t = languageOf(applicant);
  return {
    to: applicant.email,
    subject: t.rejected.subject,
    text: [t.hello(applicant.firstName), "", ...t.rejected.body(reason)].join("\n"),
  };
};
