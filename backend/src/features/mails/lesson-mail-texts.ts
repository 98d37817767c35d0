import { type CalendarEntry, calendarEntriesOf } from "@el/domain/calendar/index";
import { localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { LessonMailKind } from "@el/domain/mails/index";
import type { DueLessonMail } from "@el/projections/mails/index";
import type { Mail } from "../../plugins/mailer";
import { calendarHostOf, icsOf } from "../../shared/ics";

type Language = "pt-br" | "en";

/** 2026-12-01 → 01/12/2026 (pt-br) or 2026-12-01 (en); times in São Paulo, as the product shows them. */
const dayOf = (iso: string, language: Language) => {
  const date = localDateOf(iso);
  if (language === "en") return date;
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
};

const texts = {
  "pt-br": {
    greeting: (name: string) => (name ? `Olá, ${name}!` : "Olá!"),
    when: (day: string, time: string) => `${day} às ${time} (horário de Brasília)`,
    lesson: (level: string, trail: string) => `Aula: ${level} — ${trail}`,
    teacher: (name: string) => `Professor: ${name}`,
    student: (name: string) => `Aluno: ${name}`,
    link: (url: string) => `Link da aula: ${url}`,
    profile: (url: string) => `Para escolher quais e-mails receber, acesse seu perfil: ${url}`,
    subjects: {
      accepted: "Sua aula foi confirmada",
      cancelled: "Aula cancelada",
      "reminder-24h": "Lembrete: sua aula é amanhã",
      "reminder-1h": "Lembrete: sua aula começa em 1 hora",
      "feedback-request": "Como foi a sua aula?",
      "teacher-removed": "Sua aula aguarda um novo professor",
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
    } satisfies Record<LessonMailKind, string>,
  },
  en: {
    greeting: (name: string) => (name ? `Hello, ${name}!` : "Hello!"),
    when: (day: string, time: string) => `${day} at ${time} (Brasília time)`,
    lesson: (level: string, trail: string) => `Lesson: ${level} — ${trail}`,
    teacher: (name: string) => `Teacher: ${name}`,
    student: (name: string) => `Student: ${name}`,
    link: (url: string) => `Lesson link: ${url}`,
    profile: (url: string) => `To choose which e-mails you receive, go to your profile: ${url}`,
    subjects: {
      accepted: "Your lesson is confirmed",
      cancelled: "Lesson cancelled",
      "reminder-24h": "Reminder: your lesson is tomorrow",
      "reminder-1h": "Reminder: your lesson starts in 1 hour",
      "feedback-request": "How was your lesson?",
      "teacher-removed": "Your lesson is waiting for a new teacher",
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
  const comingUp = mail.kind !== "cancelled" && mail.kind !== "feedback-request" && mail.kind !== "teacher-removed";
  const area = `${baseUrl.replace(/\/$/, "")}${isTeacher ? "/teacher" : "/student"}`;
  const lines = [
    t.greeting(mail.firstName),
    "",
    t.bodies[mail.kind],
    "",
    t.lesson(lesson.levelName, lesson.trailTitle),
    t.when(dayOf(lesson.date, language), localTimeOf(lesson.date)),
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
