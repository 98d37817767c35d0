import type { DisputeReason } from "@el/domain/disputes/dispute";
import { localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { DueDisputeMail } from "@el/projections/disputes/index";
import type { Mail } from "../../plugins/mailer";
import { lessonMailLines, type MailLanguage, mailDayOf } from "../../shared/mail-lines";

const texts = {
  "pt-br": {
    greeting: lessonMailLines["pt-br"].greeting,
    subjects: { opened: "Relato de problema em uma aula", resolved: "Decisão sobre o relato da aula" },
    reasons: {
      TEACHER_ABSENT: "professor não compareceu",
      STUDENT_ABSENT: "aluno não compareceu",
      TECHNICAL: "problema técnico",
    } satisfies Record<DisputeReason, string>,
    openedByYou: (day: string, time: string, reason: string) =>
      `Recebemos o seu relato sobre a aula de ${day} às ${time} (horário de Brasília): ${reason}. A outra parte pode responder em até 48 horas; depois a administração decide.`,
    openedByOther: (day: string, time: string, reason: string) =>
      `A aula de ${day} às ${time} (horário de Brasília) foi relatada como não realizada: ${reason}. Você pode responder em até 48 horas.`,
    resolved: (day: string, time: string) => `A administração decidiu o relato da aula de ${day} às ${time}:`,
    refunded: { true: "O crédito da aula voltou para o aluno.", false: "O crédito da aula não foi devolvido." },
    paid: {
      true: "O pagamento do professor por esta aula foi mantido.",
      false: "O pagamento do professor por esta aula foi retido.",
    },
    see: (url: string) => `Veja o relato: ${url}`,
  },
  en: {
    greeting: lessonMailLines.en.greeting,
    subjects: { opened: "A problem reported with a lesson", resolved: "Decision on the lesson's report" },
    reasons: {
      TEACHER_ABSENT: "the teacher did not show up",
      STUDENT_ABSENT: "the student did not show up",
      TECHNICAL: "technical problem",
    } satisfies Record<DisputeReason, string>,
    openedByYou: (day: string, time: string, reason: string) =>
      `We received your report on the lesson of ${day} at ${time} (Brasília time): ${reason}. The other side may answer within 48 hours; then the administration decides.`,
    openedByOther: (day: string, time: string, reason: string) =>
      `The lesson of ${day} at ${time} (Brasília time) was reported as not having happened: ${reason}. You may answer within 48 hours.`,
    resolved: (day: string, time: string) =>
      `The administration decided on the report of the lesson of ${day} at ${time}:`,
    refunded: {
      true: "The lesson's credit went back to the student.",
      false: "The lesson's credit was not given back.",
    },
    paid: {
      true: "The teacher's payout for this lesson was kept.",
      false: "The teacher's payout for this lesson was withheld.",
    },
    see: (url: string) => `See the report: ${url}`,
  },
};

/**
 * A dispute's e-mail in its recipient's language: on opening, to the side that reported (received) and to the
 * other (they may answer within 48 hours); on resolution, to both, with the decision and its reason.
 */
export const disputeMail = (mail: DueDisputeMail, baseUrl: string): Mail => {
  const language: MailLanguage = mail.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const day = mailDayOf(mail.lessonDate, language);
  const time = localTimeOf(mail.lessonDate);
  const reportedByRecipient = (mail.openedBy === "TEACHER") === mail.toTeacher;
  const body =
    mail.kind === "opened" || !mail.resolution
      ? [(reportedByRecipient ? t.openedByYou : t.openedByOther)(day, time, t.reasons[mail.reason])]
      : [
          t.resolved(day, time),
          mail.resolution.reason,
          t.refunded[`${mail.resolution.refundStudent}`],
          t.paid[`${mail.resolution.payTeacher}`],
        ];
  const lines = [
    t.greeting(mail.firstName),
    "",
    ...body,
    "",
    t.see(`${baseUrl.replace(/\/$/, "")}/disputas/${mail.disputeId}`),
  ];
  return { to: mail.email, subject: t.subjects[mail.kind], text: lines.join("\n") };
};
