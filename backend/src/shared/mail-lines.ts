import { localDateOf } from "@el/domain/lessons/sao-paulo-time";

/** The lines every lesson e-mail shares, in the language the person chose. */

export type MailLanguage = "pt-br" | "en";

/** 2026-12-01 → 01/12/2026 (pt-br) or 2026-12-01 (en); times in São Paulo, as the product shows them. */
export const mailDayOf = (iso: string, language: MailLanguage) => {
  const date = localDateOf(iso);
  if (language === "en") return date;
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
};

export const lessonMailLines = {
  "pt-br": {
    greeting: (name: string) => (name ? `Olá, ${name}!` : "Olá!"),
    when: (day: string, time: string) => `${day} às ${time} (horário de Brasília)`,
    lesson: (level: string, trail: string) => `Aula: ${level} — ${trail}`,
    teacher: (name: string) => `Professor: ${name}`,
    student: (name: string) => `Aluno: ${name}`,
  },
  en: {
    greeting: (name: string) => (name ? `Hello, ${name}!` : "Hello!"),
    when: (day: string, time: string) => `${day} at ${time} (Brasília time)`,
    lesson: (level: string, trail: string) => `Lesson: ${level} — ${trail}`,
    teacher: (name: string) => `Teacher: ${name}`,
    student: (name: string) => `Student: ${name}`,
  },
} satisfies Record<MailLanguage, Record<string, (...args: string[]) => string>>;
