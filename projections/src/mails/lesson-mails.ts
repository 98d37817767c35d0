import { lessonStreams } from "@el/domain/lessons/lesson";
import {
  type LessonMailKind,
  lessonMailStreams,
  MAX_MAIL_ATTEMPTS,
  type MailTopic,
  mailPreferenceStreams,
  mailsOnAcceptance,
  mailsOnCancellation,
  mailsOnDayOff,
  mailsOnTeacherRemoval,
  type PlannedMail,
  timesAfterMove,
  topicOf,
} from "@el/domain/mails/index";
import { applyScheduledInRuns } from "../lessons/scheduled-runs";
import { readModelMigrations } from "../migrations";
import type { EvolveOne, Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `lesson_mails`: the work list of the lesson e-mails, one row per e-mail, `due` until a claim
 * makes it `sent` (a reported failure makes it `due` again, `failed` once the attempts are spent) or the
 * lesson's cancellation makes it `skipped`. Rebuilt from the events, it is the same list: the sent ones are
 * sent, and the unsent ones from long ago have expired, so a rebuild sends nothing twice nor anything stale.
 * `lesson_mail_lessons` keeps what the rows are planned from (the lesson's start, student and teacher);
 * `mail_preferences` the topics each person turned off.
 */
const applyMailEvent: EvolveOne = async (recorded, tx) => {
  if (recorded.type === "MailPreferencesChanged") {
    const event = mailPreferenceStreams.event(recorded);
    await tx.query(
      `insert into mail_preferences (user_id, off) values ($1, $2)
       on conflict (user_id) do update set off = $2`,
      [mailPreferenceStreams.parse(event.streamId), event.data.off],
    );
    return;
  }
  if (recorded.type === "LessonMailSent" || recorded.type === "LessonMailFailed") {
    const event = lessonMailStreams.event(recorded);
    const lessonId = lessonMailStreams.parse(event.streamId);
    const { kind, recipientId } = event.data;
    await tx.query(
      event.type === "LessonMailSent"
        ? `update lesson_mails set state = 'sent' where lesson_id = $1 and kind = $2 and recipient_id = $3`
        : `update lesson_mails set failures = failures + 1,
             state = case when failures + 1 >= ${MAX_MAIL_ATTEMPTS} then 'failed' else 'due' end
           where lesson_id = $1 and kind = $2 and recipient_id = $3`,
      [lessonId, kind, recipientId],
    );
    return;
  }
  const event = lessonStreams.event(recorded);
  const lessonId = lessonStreams.parse(event.streamId);
  // An event's e-mails in one statement (an acceptance plans seven).
  const plan = async (mails: PlannedMail[], student: number, teacher: number | null) => {
    const planned = mails.flatMap((mail) => {
      const recipient = mail.to === "student" ? student : teacher;
      return recipient === null ? [] : [{ ...mail, recipient }];
    });
    if (planned.length === 0) return;
    await tx.query(
      `insert into lesson_mails (lesson_id, kind, recipient_id, due_at, expires_at, state)
       select $1::bigint, kind, recipient_id, due_at, expires_at, 'due'
         from unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
                as planned (kind, recipient_id, due_at, expires_at)
       on conflict (lesson_id, kind, recipient_id) do nothing`,
      [
        lessonId,
        planned.map((mail) => mail.kind),
        planned.map((mail) => mail.recipient),
        planned.map((mail) => new Date(mail.dueAt).toISOString()),
        planned.map((mail) => new Date(mail.expiresAt).toISOString()),
      ],
      { prepareAs: "lesson_mails_planned" },
    );
  };
  const lessonOf = async () =>
    (
      await tx.query<{ student_id: string; teacher_id: string | null; date: Date; request_lapsed: boolean }>(
        "select student_id, teacher_id, date, request_lapsed from lesson_mail_lessons where lesson_id = $1",
        [lessonId],
      )
    ).rows[0];
  // A lesson's scheduling never comes here: `evolve` inserts the schedulings' rows in runs.
  switch (event.type) {
    case "LessonAccepted": {
      const lesson = (
        await tx.query<{ student_id: string; date: Date }>(
          "update lesson_mail_lessons set teacher_id = $2 where lesson_id = $1 returning student_id, date",
          [lessonId, event.data.teacher.id],
          { prepareAs: "lesson_mail_lessons_accepted" },
        )
      ).rows[0];
      if (!lesson) return;
      // Accepted again before the news of its teacher's removal went out: that news is stale.
      await tx.query(
        "update lesson_mails set state = 'skipped' where lesson_id = $1 and kind in ('teacher-removed', 'teacher-day-off') and state = 'due'",
        [lessonId],
      );
      await plan(
        mailsOnAcceptance(new Date(lesson.date).toISOString(), event.data.acceptedAt),
        Number(lesson.student_id),
        event.data.teacher.id,
      );
      return;
    }
    case "LessonMoved": {
      await tx.query("update lesson_mail_lessons set date = $2 where lesson_id = $1", [lessonId, event.data.date]);
      for (const kind of ["reminder-24h", "reminder-1h", "feedback-request"] as const) {
        const times = timesAfterMove(kind, event.data.date);
        if (!times) continue;
        await tx.query(
          `update lesson_mails set due_at = $3, expires_at = $4
            where lesson_id = $1 and kind = $2 and state = 'due'`,
          [lessonId, kind, new Date(times.dueAt).toISOString(), new Date(times.expiresAt).toISOString()],
        );
      }
      return;
    }
    case "LessonTeacherChanged":
      await tx.query("update lesson_mail_lessons set teacher_id = $2 where lesson_id = $1", [
        lessonId,
        event.data.teacher.id,
      ]);
      // The new teacher gets the e-mails still to come; the previous one none of them.
      await tx.query(
        `update lesson_mails set recipient_id = $3
          where lesson_id = $1 and recipient_id = $2 and state = 'due'
            and not exists (select 1 from lesson_mails other
                             where other.lesson_id = $1 and other.kind = lesson_mails.kind and other.recipient_id = $3)`,
        [lessonId, event.data.from.id, event.data.teacher.id],
      );
      return;
    case "LessonTeacherUnassigned": {
      const lesson = (
        await tx.query<{ student_id: string }>(
          "update lesson_mail_lessons set teacher_id = null where lesson_id = $1 returning student_id",
          [lessonId],
        )
      ).rows[0];
      // The reminders were planned on the acceptance: the next teacher's acceptance plans them anew.
      await tx.query("delete from lesson_mails where lesson_id = $1 and state = 'due'", [lessonId]);
      // The student learns the teacher and the video link she was sent are no longer the lesson's.
      // A teacher's day off tells the student, too, that they may cancel with the credit back.
      const mails =
        event.data.reason === "DAY_OFF" ? mailsOnDayOff(event.data.at) : mailsOnTeacherRemoval(event.data.at);
      if (lesson) await plan(mails, Number(lesson.student_id), null);
      return;
    }
    case "LessonRequestLapsed":
      // With the "CANCEL" fallback the lesson's cancellation follows in the same append, and the request's own
      // e-mail tells the student both: the generic one would be a second e-mail about the same news.
      if (event.data.fallback === "CANCEL")
        await tx.query("update lesson_mail_lessons set request_lapsed = true where lesson_id = $1", [lessonId]);
      return;
    case "LessonCancelled": {
      const erased = event.data.role === "erasure";
      if (erased)
        await tx.query("update lesson_mail_lessons set student_erased = true where lesson_id = $1", [lessonId]);
      const lesson = await lessonOf();
      await tx.query("update lesson_mails set state = 'skipped' where lesson_id = $1 and state = 'due'", [lessonId]);
      if (!lesson || lesson.request_lapsed) return;
      const teacher = lesson.teacher_id === null ? null : Number(lesson.teacher_id);
      await plan(mailsOnCancellation(event.data.at, teacher !== null, erased), Number(lesson.student_id), teacher);
      return;
    }
    default:
      return;
  }
};

export const lessonMailsProjector: Projector = {
  name: "lesson-mails",
  // The work list is the sender's, read on its schedule: lessons' commands do not wait for it. A
  // person's choices are read back at once, and the sender's own steps before its next one.
  awaitedOn: ["MailPreferencesChanged", "LessonMailSent", "LessonMailFailed"],
  handles: [
    "LessonScheduled",
    "LessonAccepted",
    "LessonMoved",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonRequestLapsed",
    "LessonCancelled",
    "LessonMailSent",
    "LessonMailFailed",
    "MailPreferencesChanged",
  ],
  tables: ["lesson_mails", "lesson_mail_lessons", "mail_preferences"],
  migrate: readModelMigrations("lesson-mails", [
    {
      name: "001-lesson-mails",
      sql: `
      create table if not exists lesson_mail_lessons (
        lesson_id bigint primary key,
        student_id bigint not null,
        teacher_id bigint,
        date timestamptz not null
      );
      create table if not exists lesson_mails (
        lesson_id bigint not null,
        kind text not null,
        recipient_id bigint not null,
        due_at timestamptz not null,
        expires_at timestamptz not null,
        state text not null check (state in ('due', 'sent', 'failed', 'skipped')),
        failures int not null default 0,
        primary key (lesson_id, kind, recipient_id)
      );
      create index if not exists lesson_mails_due on lesson_mails (due_at) where state = 'due';
      create table if not exists mail_preferences (
        user_id bigint primary key,
        off text[] not null
      );`,
    },
    {
      // A lesson cancelled by its student's erasure: its e-mails to the teacher do not name the student.
      name: "002-student-erased",
      sql: "alter table lesson_mail_lessons add column if not exists student_erased boolean not null default false",
    },
    {
      // A request lapsed with the "CANCEL" fallback: the cancellation that follows sends no e-mail of its own.
      name: "003-request-lapsed",
      sql: "alter table lesson_mail_lessons add column if not exists request_lapsed boolean not null default false",
    },
  ]),
  // The lessons a burst schedules, in one statement; every other event on its own, in order.
  evolve: async (events, tx) => {
    await applyScheduledInRuns(
      events,
      (run) =>
        tx.query(
          `insert into lesson_mail_lessons (lesson_id, student_id, date)
           select * from unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) on conflict (lesson_id) do nothing`,
          [
            run.map((lesson) => lesson.lessonId),
            run.map((lesson) => lesson.data.student.id),
            run.map((lesson) => lesson.data.date),
          ],
          { prepareAs: "lesson_mail_lessons_scheduled_many" },
        ),
      (event) => applyMailEvent(event, tx),
    );
    return [];
  },
};

export const lessonMailsProjectors = [lessonMailsProjector];

/** One e-mail due now, with what its text needs. */
export interface DueLessonMail {
  lessonId: number;
  kind: LessonMailKind;
  recipientId: number;
  /** Whether the recipient is the lesson's student or its teacher. */
  role: "student" | "teacher";
  email: string;
  firstName: string;
  langKey: string;
  lesson: {
    date: string;
    trailTitle: string;
    levelName: string;
    /** Null when the lesson was cancelled because its student was erased. */
    studentName: string | null;
    teacherName: string | null;
    meetUrl: string | null;
    status: "pending" | "accepted" | "cancelled";
  };
}

/**
 * The e-mails due at `now` and not expired, oldest first, leaving out those of a topic their recipient
 * turned off and those whose lesson is not yet in the lesson read model. Skipped ones stay due until they
 * expire (turned back on in time, they go).
 */
export const dueLessonMails = async (db: Sql, now: Date, limit = 50): Promise<DueLessonMail[]> => {
  const { rows } = await db.query<{
    lesson_id: string;
    kind: LessonMailKind;
    recipient_id: string;
    email: string;
    first_name: string;
    lang_key: string | null;
    date: Date;
    trail_title: string;
    level_name: string;
    student_first_name: string;
    student_last_name: string | null;
    teacher_first_name: string | null;
    teacher_last_name: string | null;
    meet_url: string | null;
    status: "pending" | "accepted" | "cancelled";
    student_id: string;
    student_erased: boolean | null;
    off: string[] | null;
  }>(
    `select m.lesson_id, m.kind, m.recipient_id, u.email, u.first_name, u.lang_key, l.date, l.trail_title,
            l.level_name, l.student_first_name, l.student_last_name, l.teacher_first_name, l.teacher_last_name,
            l.meet_url, l.status, l.student_id, ml.student_erased, p.off
       from lesson_mails m
       join users u on u.id = m.recipient_id
       join lesson_schedulings l on l.id = m.lesson_id
       left join lesson_mail_lessons ml on ml.lesson_id = m.lesson_id
       left join mail_preferences p on p.user_id = m.recipient_id
      where m.state = 'due' and m.due_at <= $1 and m.expires_at > $1 and u.activated
      order by m.due_at, m.lesson_id, m.kind, m.recipient_id
      limit $2`,
    [now.toISOString(), limit],
  );
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");
  return rows
    .filter((row) => !(row.off ?? []).includes(topicOf(row.kind) as MailTopic))
    .map((row) => ({
      lessonId: Number(row.lesson_id),
      kind: row.kind,
      recipientId: Number(row.recipient_id),
      role: Number(row.student_id) === Number(row.recipient_id) ? ("student" as const) : ("teacher" as const),
      email: row.email,
      firstName: row.first_name,
      langKey: row.lang_key ?? "pt-br",
      lesson: {
        date: new Date(row.date).toISOString(),
        trailTitle: row.trail_title,
        levelName: row.level_name,
        // An erased student is not named, not even as "titular removido".
        studentName: row.student_erased ? null : name(row.student_first_name, row.student_last_name),
        teacherName: row.teacher_first_name ? name(row.teacher_first_name, row.teacher_last_name) : null,
        meetUrl: row.meet_url,
        status: row.status,
      },
    }));
};

/** The topics a person turned off. */
export const mailPreferencesOf = async (db: Sql, userId: number): Promise<MailTopic[]> => {
  const { rows } = await db.query<{ off: MailTopic[] }>("select off from mail_preferences where user_id = $1", [
    userId,
  ]);
  return rows[0]?.off ?? [];
};

/** Where each e-mail of a lesson stands (for tests and the back office). */
export const lessonMailStates = async (db: Sql, lessonId: number) => {
  const { rows } = await db.query<{ kind: LessonMailKind; recipient_id: string; state: string; due_at: Date }>(
    `select kind, recipient_id, state, due_at from lesson_mails where lesson_id = $1 order by due_at, kind, recipient_id`,
    [lessonId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    recipientId: Number(row.recipient_id),
    state: row.state,
    dueAt: new Date(row.due_at).toISOString(),
  }));
};
