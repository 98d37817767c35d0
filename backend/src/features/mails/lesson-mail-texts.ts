import { type CalendarEntry, calendarEntriesOf } from "@el/domain/calendar/index";
import { localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { LessonMailKind } from "@el/domain/mails/index";
import type { DueLessonMail } from "@el/projections/mails/index";
import type { Mail } from "../../plugins/mailer";
import { calendarHostOf, icsOf } from "../../shared/ics";
import { lessonMailLines, type MailLanguage, mailDayOf } from "../../shared/mail-lines";

type Language = MailLanguage;

const texts = {
  "pt-br": {
    ...lessonMailLines["pt-br"],
    link: (url: string) => `Link da aula: ${url}`,
    profile: (url: string) => `Para escolher quais e-mails receber, acesse seu perfil: ${url}`,
    subjects: {
      accepted: "Sua aula foi confirmada",
      cancelled: "Aula cancelada",
      "reminder-24h": "Lembrete: sua aula é amanhã",
      "reminder-1h": "Lembrete: sua aula começa em 1 hora",
      "feedback-request": "Como foi a sua aula?",
      "teacher-removed": "Sua aula aguarda um novo professor",
      "teacher-day-off": "Seu professor estará de folga no dia da sua aula",
    } satisfies Record<LessonMailKind, string>,
    bodies: {
      accepted: "Um professor aceitou a sua aula. O convite para o seu calendário está anexado.",
      cancelled: "A aula abaixo foi cancelada e não vai acontecer.",
      "reminder-24h": "Falta um dia para a sua aula.",
      "reminder-1h": "Sua aula começa em uma hora. Entre pelo link na hora marcada.",
      "feedback-request":
        "Conte como foi a aula: sua avaliação ajuda a melhorar as próximas. Acesse a sua área para avaliar.",
      "teacher-removed":
        "O professor não vai mais dar a aula abaixo. Ela continua agendada e aguarda um novo professor; o link da aula enviado antes não vale mais.",
      "teacher-day-off":
        "O professor da aula abaixo estará de folga nesse dia. A aula voltou para o quadro de aulas abertas e aguarda um novo professor; o link da aula enviado antes não vale mais. Se preferir, você pode cancelá-la a qualquer momento na sua área, com o crédito de volta.",
    } satisfies Record<LessonMailKind, string>,
  },
  en: {
    ...lessonMailLines.en,
    link: (url: string) => `Lesson link: ${url}`,
    profile: (url: string) => `To choose which e-mails you receive, go to your profile: ${url}`,
    subjects: {
      accepted: "Your lesson is confirmed",
      cancelled: "Lesson cancelled",
      "reminder-24h": "Reminder: your lesson is tomorrow",
      "reminder-1h": "Reminder: your lesson starts in 1 hour",
      "feedback-request": "How was your lesson?",
      "teacher-removed": "Your lesson is waiting for a new teacher",
      "teacher-day-off": "Your teacher is off on the day of your lesson",
    } satisfies Record<LessonMailKind, string>,
    bodies: {
      accepted: "A teacher accepted your lesson. The invitation for your calendar is attached.",
      cancelled: "The lesson below was cancelled and will not take place.",
      "reminder-24h": "Your lesson is one day away.",
      "reminder-1h": "Your lesson starts in one hour. Join through the link at the set time.",
      "feedback-request":
        "Tell us how the lesson went: your rating helps make the next ones better. Rate it in your area.",
      "teacher-removed":
        "The teacher will no longer give the lesson below. It is still scheduled and waits for a new teacher; the lesson link sent before is no longer valid.",
      "teacher-day-off":
        "The teacher of the lesson below is off that day. The lesson is back on the open board and waits for a new teacher; the lesson link sent before is no longer valid. If you prefer, you may cancel it at any time in your area and get the credit back.",
    } satisfies Record<LessonMailKind, string>,
  },
};

/**
 * A lesson e-mail in its recipient's language: what happened or is coming, when (São Paulo time), the
 * lesson, the other person and, for what is still to happen, the video link. The acceptance carries the
 * lesson as an `.ics` invitation.
 */
export const lessonMail = (mail: DueLessonMail, baseUrl: string): Mail => {
  const language: Language = mail.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const { lesson } = mail;
  const isTeacher = mail.role === "teacher";
  const comingUp = !(
    ["cancelled", "feedback-request", "teacher-removed", "teacher-day-off"] as LessonMailKind[]
  ).includes(mail.kind);
  const area = `${baseUrl.replace(/\/$/, "")}${isTeacher ? "/teacher" : "/student"}`;
  const lines = [
    t.greeting(mail.firstName),
    "",
    t.bodies[mail.kind],
    "",
    t.lesson(lesson.levelName, lesson.trailTitle),
    t.when(mailDayOf(lesson.date, language), localTimeOf(lesson.date)),
    ...(isTeacher
      ? lesson.studentName === null
        ? []
        : [t.student(lesson.studentName)]
      : lesson.teacherName
        ? [t.teacher(lesson.teacherName)]
        : []),
    ...(comingUp && lesson.meetUrl ? [t.link(lesson.meetUrl)] : []),
    "",
    mail.kind === "feedback-request" ? area : t.profile(`${area}${isTeacher ? "" : "/perfil"}`),
  ];
  const attachments =
    mail.kind === "accepted"
      ? [
          {
            filename: "aula.ics",
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            content: icsOf(invitationOf(mail, calendarHostOf(baseUrl)), t.subjects.accepted),
          },
        ]
      : undefined;
  return {
    to: mail.email,
    subject: t.subjects[mail.kind],
    text: lines.join("\n"),
    ...(attachments ? { attachments } : {}),
  };
};

const invitationOf = (mail: DueLessonMail, host: string): CalendarEntry[] =>
  calendarEntriesOf(
    [
      {
        id: mail.lessonId,
        date: mail.lesson.date,
        status: mail.lesson.status,
        trailTitle: mail.lesson.trailTitle,
        levelName: mail.lesson.levelName,
        studentName: mail.lesson.studentName ?? "",
        teacherName: mail.lesson.teacherName,
        meetUrl: mail.lesson.meetUrl,
      },
    ],
    mail.role,
    host,
  );
