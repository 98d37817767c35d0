import { localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { PushKind, PushPayload } from "@el/domain/push/index";
import type { DuePush } from "@el/projections/push/index";

type Language = "pt-br" | "en";

const whenOf = (iso: string, language: Language) => {
  const [year, month, day] = localDateOf(iso).split("-");
  const time = localTimeOf(iso);
  return language === "en" ? `${year}-${month}-${day} at ${time}` : `${day}/${month} às ${time}`;
};

/** What a text is made of: the lesson's date and the first names of whom it is about. */
interface Parts {
  when: string;
  student: string;
  teacher: string;
  /** A message's sender; a dispute's other side, who reported it. */
  other: string;
}

const texts: Record<Language, Record<PushKind, (parts: Parts) => { title: string; body: string }>> = {
  "pt-br": {
    LESSON_ACCEPTED: ({ teacher, when }) => ({
      title: "Sua aula foi confirmada",
      body: `${teacher || "Um professor"} vai dar a sua aula de ${when}.`,
    }),
    LESSON_REQUESTED: ({ student, when }) => ({
      title: "Aula solicitada para você",
      body: `${student || "Um aluno"} pediu uma aula com você em ${when}.`,
    }),
    LESSON_REMINDER: ({ when }) => ({ title: "Sua aula começa em 1 hora", body: `Aula de ${when}.` }),
    NEW_MESSAGE: ({ other }) => ({
      title: other ? `Nova mensagem de ${other}` : "Nova mensagem",
      body: "Toque para ler a conversa.",
    }),
    DISPUTE_OPENED: ({ other, when }) => ({
      title: `Problema relatado na aula de ${when}`,
      body: `${other || "A outra parte"} relatou um problema. Você pode responder em até 48 horas.`,
    }),
  },
  en: {
    LESSON_ACCEPTED: ({ teacher, when }) => ({
      title: "Your lesson is confirmed",
      body: `${teacher || "A teacher"} will teach your lesson on ${when}.`,
    }),
    LESSON_REQUESTED: ({ student, when }) => ({
      title: "A lesson was requested of you",
      body: `${student || "A student"} asked you for a lesson on ${when}.`,
    }),
    LESSON_REMINDER: ({ when }) => ({ title: "Your lesson starts in 1 hour", body: `Lesson on ${when}.` }),
    NEW_MESSAGE: ({ other }) => ({
      title: other ? `New message from ${other}` : "New message",
      body: "Tap to read the conversation.",
    }),
    DISPUTE_OPENED: ({ other, when }) => ({
      title: `Problem reported with the lesson of ${when}`,
      body: `${other || "The other side"} reported a problem. You may answer within 48 hours.`,
    }),
  },
};

/** The page a tap opens: the conversation, the dispute, or the recipient's home. */
const urlOf = (push: DuePush) => {
  if (push.message) return `/mensagens/${push.message.conversationId}`;
  if (push.kind === "DISPUTE_OPENED" && push.lesson) return `/disputas/${push.lesson.id}`;
  return push.recipientKind === "admin" ? "/" : `/${push.recipientKind}`;
};

/**
 * What the phone shows, in the recipient's language, times in São Paulo. Only first names, and never a
 * message's text: the payload is sealed for the browser, yet the lock screen shows it to whoever holds it.
 */
export const pushPayloadOf = (push: DuePush): PushPayload => {
  const language: Language = push.langKey === "en" ? "en" : "pt-br";
  const student = push.lesson?.studentName ?? "";
  const teacher = push.lesson?.teacherName ?? "";
  const other = push.message ? push.message.senderName : push.recipientKind === "student" ? teacher : student;
  const text = texts[language][push.kind]({
    when: push.lesson ? whenOf(push.lesson.date, language) : "",
    student,
    teacher,
    other,
  });
  return {
    kind: push.kind,
    ...text,
    url: urlOf(push),
    // A later burst's notification of the same conversation replaces the earlier one on the phone.
    tag: push.message ? `conversation-${push.message.conversationId}:${push.kind}` : `${push.source}:${push.kind}`,
  };
};
