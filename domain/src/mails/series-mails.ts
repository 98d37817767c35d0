import { localDateOf, localTimeOf } from "../lessons/sao-paulo-time";

/**
 * The e-mail a weekly series sends its student when it pauses for want of credits: which series, which
 * lesson could not be booked, and the way to buy more ("Contratar aulas"). It resumes by itself after a
 * purchase, which the e-mail says. Sent by the process that stored the pause, once per pause.
 */

export interface SeriesPausedMailInput {
  email: string;
  firstName: string;
  langKey: string;
  teacherName: string;
  /** The first start of the series and the occurrence that could not be booked, ISO instants. */
  start: string;
  date: string;
  baseUrl: string;
}

const WEEKDAYS = {
  "pt-br": ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
} as const;

/** The São Paulo weekday of an instant, Monday = 0. */
const weekdayOf = (instant: string) => (new Date(`${localDateOf(instant)}T12:00:00Z`).getUTCDay() + 6) % 7;

const dayOf = (instant: string, language: "pt-br" | "en") => {
  const date = localDateOf(instant);
  if (language === "en") return date;
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
};

const texts = {
  "pt-br": {
    subject: "Sua série de aulas está pausada",
    greeting: (name: string) => (name ? `Olá, ${name}!` : "Olá!"),
    body: (weekday: string, time: string, teacher: string, day: string) =>
      `Seus créditos acabaram e não conseguimos agendar a aula de ${day} da sua série de toda ${weekday} às ${time} com ${teacher}. A série está pausada: nenhuma aula nova é agendada até você ter créditos.`,
    resume: "Assim que você contratar aulas, a série continua sozinha.",
    buy: (url: string) => `Contratar aulas: ${url}`,
  },
  en: {
    subject: "Your lesson series is paused",
    greeting: (name: string) => (name ? `Hello, ${name}!` : "Hello!"),
    body: (weekday: string, time: string, teacher: string, day: string) =>
      `You have run out of credits, so we could not book the ${day} lesson of your series every ${weekday} at ${time} with ${teacher}. The series is paused: no new lesson is booked until you have credits.`,
    resume: "As soon as you buy lessons, the series carries on by itself.",
    buy: (url: string) => `Buy lessons: ${url}`,
  },
};

/** The pause e-mail in the student's language (Portuguese unless their language is English). */
export const seriesPausedMail = (input: SeriesPausedMailInput) => {
  const language = input.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const weekday = WEEKDAYS[language][weekdayOf(input.start)] ?? "";
  const buyUrl = `${input.baseUrl.replace(/\/$/, "")}/student/contratar-aulas`;
  return {
    to: input.email,
    subject: t.subject,
    text: [
      t.greeting(input.firstName),
      "",
      t.body(weekday, localTimeOf(input.start), input.teacherName, dayOf(input.date, language)),
      t.resume,
      "",
      t.buy(buyUrl),
    ].join("\n"),
  };
};
