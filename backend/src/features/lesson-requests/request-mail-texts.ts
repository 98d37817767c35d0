import { localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { RequestMailKind } from "@el/domain/mails/request-mails";
import { fullName } from "@el/domain/shared/full-name";
import type { DueRequestMail } from "@el/projections/lesson-requests/index";
import type { Mail } from "../../plugins/mailer";
import { lessonMailLines, type MailLanguage, mailDayOf } from "../../shared/mail-lines";

type Language = MailLanguage;

const texts = {
  "pt-br": {
    ...lessonMailLines["pt-br"],
    area: (url: string) => `Acesse: ${url}`,
    subjects: {
      requested: "Aula solicitada para você",
      declined: "Sua solicitação de aula foi recusada",
      expired: "Sua solicitação de aula expirou",
    } satisfies Record<RequestMailKind, string>,
    requested: (student: string, day: string, time: string) =>
      `${student} solicitou uma aula com você fora dos seus horários disponíveis. Aceite ou recuse na sua área até ${day} às ${time} (horário de Brasília).`,
    afterwards: {
      BOARD: "Sem resposta até lá, a aula vai para o quadro de aulas abertas, para qualquer professor aceitar.",
      CANCEL: "Sem resposta até lá, a aula é cancelada e o crédito volta para o aluno.",
    },
    declined: (teacher: string) => `${teacher} não poderá dar a aula que você solicitou.`,
    expired: (teacher: string) => `${teacher} não respondeu a tempo à aula que você solicitou.`,
    outcome: {
      BOARD:
        "Como você escolheu, a aula continua agendada e agora está no quadro de aulas abertas: você será avisado quando um professor aceitá-la.",
      CANCEL: "Como você escolheu, a aula foi cancelada e o crédito voltou para a sua conta.",
    },
  },
  en: {
    ...lessonMailLines.en,
    area: (url: string) => `Go to: ${url}`,
    subjects: {
      requested: "A lesson requested of you",
      declined: "Your lesson request was declined",
      expired: "Your lesson request expired",
    } satisfies Record<RequestMailKind, string>,
    requested: (student: string, day: string, time: string) =>
      `${student} requested a lesson with you outside your available hours. Accept or decline it in your area by ${day} at ${time} (Brasília time).`,
    afterwards: {
      BOARD: "Without an answer by then, the lesson goes to the open board, for any teacher to accept.",
      CANCEL: "Without an answer by then, the lesson is cancelled and the credit goes back to the student.",
    },
    declined: (teacher: string) => `${teacher} cannot give the lesson you requested.`,
    expired: (teacher: string) => `${teacher} did not answer the lesson you requested in time.`,
    outcome: {
      BOARD:
        "As you chose, the lesson is still scheduled and is now on the open board: you will be told when a teacher accepts it.",
      CANCEL: "As you chose, the lesson was cancelled and the credit is back in your account.",
    },
  },
};

/**
 * A request e-mail in its recipient's language: to the teacher asked, who asks, until when to answer and what
 * happens without an answer; to the student, that the teacher declined or did not answer, and what became of
 * the lesson (on the open board, or cancelled with the credit back). Then the lesson and when it is.
 */
export const requestMail = (mail: DueRequestMail, baseUrl: string): Mail => {
  const language: Language = mail.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const toTeacher = mail.kind === "requested";
  const teacher = fullName(mail.teacher);
  const body = toTeacher
    ? [
        t.requested(fullName(mail.student), mailDayOf(mail.expiresAt, language), localTimeOf(mail.expiresAt)),
        t.afterwards[mail.fallback],
      ]
    : [mail.kind === "declined" ? t.declined(teacher) : t.expired(teacher), t.outcome[mail.fallback]];
  const lines = [
    t.greeting(mail.firstName),
    "",
    ...body,
    "",
    t.lesson(mail.level, `${mail.trail.number} - ${mail.trail.title}`),
    t.when(mailDayOf(mail.date, language), localTimeOf(mail.date)),
    toTeacher ? t.student(fullName(mail.student)) : t.teacher(teacher),
    "",
    t.area(`${baseUrl.replace(/\/$/, "")}${toTeacher ? "/teacher" : "/student"}`),
  ];
  return { to: mail.email, subject: t.subjects[mail.kind], text: lines.join("\n") };
};
