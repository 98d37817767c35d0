import { localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { DueMessageDigest } from "@el/projections/messages/index";
import type { Mail } from "../../plugins/mailer";

type Language = "pt-br" | "en";

/** 2026-12-01 → 01/12/2026 (pt-br) or 2026-12-01 (en); times in São Paulo, as the product shows them. */
const dayOf = (iso: string, language: Language) => {
  const date = localDateOf(iso);
  if (language === "en") return date;
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
};

/** A long message is quoted up to here in the e-mail; the whole of it is in the conversation. */
const QUOTED_CHARACTERS = 300;

const texts = {
  "pt-br": {
    subject: (count: number) =>
      count === 1 ? "Você tem 1 mensagem não lida" : `Você tem ${count} mensagens não lidas`,
    greeting: (name: string) => (name ? `Olá, ${name}!` : "Olá!"),
    intro: "Estas mensagens esperam por você:",
    at: (day: string, time: string) => `${day} às ${time}`,
    more: (count: number) => (count === 1 ? "… e mais 1 mensagem." : `… e mais ${count} mensagens.`),
    read: (url: string) => `Leia e responda: ${url}`,
    off: "Para não receber mais este resumo, desligue “Resumo das mensagens não lidas” nas preferências de e-mail do seu perfil.",
  },
  en: {
    subject: (count: number) => (count === 1 ? "You have 1 unread message" : `You have ${count} unread messages`),
    greeting: (name: string) => (name ? `Hello, ${name}!` : "Hello!"),
    intro: "These messages are waiting for you:",
    at: (day: string, time: string) => `${day} at ${time}`,
    more: (count: number) => (count === 1 ? "… and 1 more message." : `… and ${count} more messages.`),
    read: (url: string) => `Read and answer them: ${url}`,
    off: "To stop this summary, turn off “A summary of unread messages” in the e-mail preferences of your profile.",
  },
};

const quoted = (text: string) =>
  text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS).trimEnd()}…` : text;

/** One e-mail listing a person's unread messages, in their language: who wrote, when, and what. */
export const messageDigestMail = (digest: DueMessageDigest, baseUrl: string): Mail => {
  const language: Language = digest.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const base = baseUrl.replace(/\/$/, "");
  const conversations = [...new Set(digest.messages.map((message) => message.conversationId))];
  const lines = [
    t.greeting(digest.firstName),
    "",
    t.intro,
    "",
    ...digest.messages.flatMap((message) => [
      `${message.from} — ${t.at(dayOf(message.sentAt, language), localTimeOf(message.sentAt))}`,
      quoted(message.text),
      "",
    ]),
    ...(digest.count > digest.messages.length ? [t.more(digest.count - digest.messages.length), ""] : []),
    t.read(conversations.length === 1 ? `${base}/mensagens/${conversations[0]}` : `${base}/mensagens`),
    "",
    t.off,
  ];
  return { to: digest.email, subject: t.subject(digest.count), text: lines.join("\n") };
};
