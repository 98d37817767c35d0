import type { RecordedEvent } from "@el/domain";
import { personOfAccountStream } from "@el/domain/accounts/index";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { MAX_MAIL_ATTEMPTS } from "@el/domain/mails/lesson-mails";
import {
  mailOnLapse,
  mailOnRequest,
  type PlannedRequestMail,
  type RequestMailKind,
  requestMailStreams,
} from "@el/domain/mails/request-mails";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `lesson_request_mails`: the work list of the request e-mails, one row per e-mail, `due` until a
 * claim makes it `sent` (a reported failure makes it `due` again, `failed` once the attempts are spent). The
 * teacher's is `skipped` once the request is answered or cancelled before it went out, and any e-mail to a
 * person whose personal data is erased. Each row keeps the lesson's student, to whom a lapse writes. Rebuilt
 * from the events it is the same list: the old ones have expired, so a rebuild sends nothing twice.
 */
const SCHEMA = `
create table if not exists lesson_request_mails (
  lesson_id bigint not null,
  kind text not null,
  recipient_id bigint not null,
  student_id bigint not null,
  due_at timestamptz not null,
  expires_at timestamptz not null,
  state text not null check (state in ('due', 'sent', 'failed', 'skipped')),
  failures int not null default 0,
  primary key (lesson_id, kind, recipient_id)
);
create index if not exists lesson_request_mails_due on lesson_request_mails (due_at) where state = 'due';
`;

const plan = (tx: Sql, lessonId: number, recipientId: number, studentId: number, mail: PlannedRequestMail) =>
  tx.query(
    `insert into lesson_request_mails (lesson_id, kind, recipient_id, student_id, due_at, expires_at, state)
     values ($1, $2, $3, $4, $5, $6, 'due') on conflict (lesson_id, kind, recipient_id) do nothing`,
    [
      lessonId,
      mail.kind,
      recipientId,
      studentId,
      new Date(mail.dueAt).toISOString(),
      new Date(mail.expiresAt).toISOString(),
    ],
  );

/** The teacher asked need not hear of a request already answered or cancelled. */
const skipRequested = (tx: Sql, lessonId: number) =>
  tx.query(
    "update lesson_request_mails set state = 'skipped' where lesson_id = $1 and kind = 'requested' and state = 'due'",
    [lessonId],
  );

const applyLessonEvent = async (recorded: RecordedEvent, tx: Sql) => {
  const event = lessonStreams.event(recorded);
  const lessonId = lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonScheduled": {
      const { chosenTeacher, student, createdDate } = event.data;
      if (chosenTeacher?.how !== "REQUESTED" || !chosenTeacher.expiresAt) return;
      await plan(
        tx,
        event.data.id,
        chosenTeacher.teacher.id,
        student.id,
        mailOnRequest(createdDate, chosenTeacher.expiresAt),
      );
      return;
    }
    case "LessonRequestLapsed": {
      await skipRequested(tx, lessonId);
      const mail = mailOnLapse(event.data.reason, event.data.at);
      await tx.query(
        `insert into lesson_request_mails (lesson_id, kind, recipient_id, student_id, due_at, expires_at, state)
         select lesson_id, $2, student_id, student_id, $3, $4, 'due' from lesson_request_mails
          where lesson_id = $1 and kind = 'requested'
         on conflict (lesson_id, kind, recipient_id) do nothing`,
        [lessonId, mail.kind, new Date(mail.dueAt).toISOString(), new Date(mail.expiresAt).toISOString()],
      );
      return;
    }
    case "LessonAccepted":
    case "LessonCancelled":
      await skipRequested(tx, lessonId);
      return;
    default:
      return;
  }
};

const applyEvent = async (recorded: RecordedEvent, tx: Sql) => {
  if (recorded.type === "PersonalDataErased") {
    const person = personOfAccountStream(recorded.streamId);
    if (person)
      await tx.query("update lesson_request_mails set state = 'skipped' where recipient_id = $1 and state = 'due'", [
        person.id,
      ]);
    return;
  }
  if (lessonStreams.holds(recorded.streamId)) return applyLessonEvent(recorded, tx);
  const event = requestMailStreams.event(recorded);
  await tx.query(
    event.type === "RequestMailSent"
      ? "update lesson_request_mails set state = 'sent' where lesson_id = $1 and kind = $2 and recipient_id = $3"
      : `update lesson_request_mails set failures = failures + 1,
           state = case when failures + 1 >= ${MAX_MAIL_ATTEMPTS} then 'failed' else 'due' end
         where lesson_id = $1 and kind = $2 and recipient_id = $3`,
    [requestMailStreams.parse(event.streamId), event.data.kind, event.data.recipientId],
  );
};

export const requestMailsProjector: Projector = {
  name: "request-mails",
  // The work list is the sender's, read on its schedule: requests and answers do not wait for it.
  awaitedOn: ["RequestMailSent", "RequestMailFailed"],
  handles: [
    "LessonScheduled",
    "LessonRequestLapsed",
    "LessonAccepted",
    "LessonCancelled",
    "RequestMailSent",
    "RequestMailFailed",
    "PersonalDataErased",
  ],
  tables: ["lesson_request_mails"],
  migrate: readModelMigrations("request-mails", [{ name: "001-lesson-request-mails", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};

/** One request e-mail due now, with what its text needs: the recipient, the lesson and the request. */
export interface DueRequestMail {
  lessonId: number;
  kind: RequestMailKind;
  recipientId: number;
  email: string;
  firstName: string;
  langKey: string;
  /** The lesson's start, an ISO instant. */
  date: string;
  level: string;
  trail: { number: number; title: string };
  student: { firstName: string; lastName: string | null };
  teacher: { firstName: string; lastName: string | null };
  fallback: "BOARD" | "CANCEL";
  /** Until when the teacher may answer, an ISO instant. */
  expiresAt: string;
}

/** The request e-mails due at `now` and not expired, oldest first. */
export const dueRequestMails = async (db: Sql, now: Date, limit = 50): Promise<DueRequestMail[]> => {
  const { rows } = await db.query<{
    lesson_id: string;
    kind: RequestMailKind;
    recipient_id: string;
    email: string;
    first_name: string;
    lang_key: string | null;
    date: Date;
    level_name: string;
    trail_number: number;
    trail_title: string;
    student_first_name: string;
    student_last_name: string | null;
    teacher_first_name: string;
    teacher_last_name: string | null;
    fallback: "BOARD" | "CANCEL";
    request_expires_at: Date;
  }>(
    `select m.lesson_id, m.kind, m.recipient_id, u.email, u.first_name, u.lang_key, r.date, r.level_name,
            r.trail_number, r.trail_title, r.student_first_name, r.student_last_name, r.teacher_first_name,
            r.teacher_last_name, r.fallback, r.expires_at as request_expires_at
       from lesson_request_mails m
       join lesson_requests r on r.lesson_id = m.lesson_id
       join users u on u.id = m.recipient_id
      where m.state = 'due' and m.due_at <= $1 and m.expires_at > $1
      order by m.due_at, m.lesson_id, m.kind, m.recipient_id
      limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    lessonId: Number(row.lesson_id),
    kind: row.kind,
    recipientId: Number(row.recipient_id),
    email: row.email,
    firstName: row.first_name,
    langKey: row.lang_key ?? "pt-br",
    date: new Date(row.date).toISOString(),
    level: row.level_name,
    trail: { number: row.trail_number, title: row.trail_title },
    student: { firstName: row.student_first_name, lastName: row.student_last_name },
    teacher: { firstName: row.teacher_first_name, lastName: row.teacher_last_name },
    fallback: row.fallback,
    expiresAt: new Date(row.request_expires_at).toISOString(),
  }));
};
