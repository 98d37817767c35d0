import type { RecordedEvent } from "@el/domain";
import { lessonStreams } from "@el/domain/lessons/lesson";
import {
  MAX_PUSH_ATTEMPTS,
  type PlannedPush,
  type PushKind,
  pushesOnAcceptance,
  pushOnRequest,
  pushSendStreams,
  pushSettingStreams,
  reminderAfterMove,
} from "@el/domain/push/index";
import { applyScheduledInRuns, type ScheduledInRun } from "../lessons/scheduled-runs";
import { readModelMigrations } from "../migrations";
import type { Projector } from "../runner/projector";
import type { Sql } from "../sql";
import {
  applyMessageOrDispute,
  pushMessagesAndDisputesEvents,
  pushMessagesAndDisputesMigration,
  pushMessagesAndDisputesTables,
} from "./push-messages-and-disputes";

/**
 * Read model `push_notifications`: the work list of the phone notifications, one row per notification, `due`
 * until a claim makes it `sent` (a reported failure makes it `due` again, `failed` once the attempts are
 * spent) or the news of its source makes it `skipped`. Rebuilt from the events it is the same list: the sent
 * ones are sent and the old unsent ones have expired. `push_lessons` keeps what a lesson's rows are planned from
 * (a message's and a dispute's: `push-messages-and-disputes.ts`),
 * `push_subscriptions` each browser's subscription (by endpoint: a browser another person signs in on
 * moves to them), `push_preferences` the kinds each person turned off.
 */
type Plan = (lessonId: number, pushes: PlannedPush[], student: number, teacher: number | null) => Promise<void>;

const planner =
  (tx: Sql): Plan =>
  async (lessonId, pushes, student, teacher) => {
    const planned = pushes.flatMap((push) => {
      const recipient = push.to === "student" ? student : teacher;
      return recipient === null ? [] : [{ ...push, recipient }];
    });
    if (planned.length === 0) return;
    await tx.query(
      `insert into push_notifications (source, lesson_id, kind, recipient_id, due_at, expires_at, state)
       select 'lesson-' || $1::bigint, $1::bigint, kind, recipient_id, due_at, expires_at, 'due'
         from unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
                as planned (kind, recipient_id, due_at, expires_at)
       on conflict (source, kind, recipient_id) do nothing`,
      [
        lessonId,
        planned.map((push) => push.kind),
        planned.map((push) => push.recipient),
        planned.map((push) => new Date(push.dueAt).toISOString()),
        planned.map((push) => new Date(push.expiresAt).toISOString()),
      ],
      { prepareAs: "push_notifications_planned" },
    );
  };

const applySetting = async (recorded: RecordedEvent, tx: Sql) => {
  const event = pushSettingStreams.event(recorded);
  const userId = pushSettingStreams.parse(event.streamId);
  switch (event.type) {
    case "PushSubscribed": {
      const { account, endpoint, p256dh, auth } = event.data;
      // Replayed after the person's erasure, the fields no longer open: there is nothing to send to.
      if (!/^https?:\/\//.test(endpoint)) return;
      await tx.query(
        `insert into push_subscriptions (endpoint, user_id, account, p256dh, auth) values ($1, $2, $3, $4, $5)
         on conflict (endpoint) do update set user_id = $2, account = $3, p256dh = $4, auth = $5`,
        [endpoint, userId, account, p256dh, auth],
      );
      return;
    }
    case "PushUnsubscribed":
    case "PushSubscriptionExpired":
      await tx.query("delete from push_subscriptions where endpoint = $1 and user_id = $2", [
        event.data.endpoint,
        userId,
      ]);
      return;
    case "PushPreferencesChanged":
      await tx.query(
        `insert into push_preferences (user_id, off) values ($1, $2) on conflict (user_id) do update set off = $2`,
        [userId, event.data.off],
      );
      return;
  }
};

const applyClaim = async (recorded: RecordedEvent, tx: Sql) => {
  const event = pushSendStreams.event(recorded);
  const source = pushSendStreams.parse(event.streamId);
  const { kind, recipientId } = event.data;
  await tx.query(
    event.type === "PushNotificationSent"
      ? `update push_notifications set state = 'sent' where source = $1 and kind = $2 and recipient_id = $3`
      : `update push_notifications set failures = failures + 1,
           state = case when failures + 1 >= ${MAX_PUSH_ATTEMPTS} then 'failed' else 'due' end
         where source = $1 and kind = $2 and recipient_id = $3`,
    [source, kind, recipientId],
  );
};

/** The lesson's own notifications, not those of a dispute about it (`lesson_id` is the lesson's too). */
const OWN = "lesson_id = $1 and source = 'lesson-' || $1::bigint";

const skip = (tx: Sql, lessonId: number, kinds: PushKind[]) =>
  tx.query(`update push_notifications set state = 'skipped' where ${OWN} and kind = any($2) and state = 'due'`, [
    lessonId,
    kinds,
  ]);

const applyLessonEvent = async (recorded: RecordedEvent, tx: Sql) => {
  const event = lessonStreams.event(recorded);
  const lessonId = lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonAccepted": {
      const lesson = (
        await tx.query<{ student_id: string; date: Date }>(
          "update push_lessons set teacher_id = $2 where lesson_id = $1 returning student_id, date",
          [lessonId, event.data.teacher.id],
        )
      ).rows[0];
      if (!lesson) return;
      await skip(tx, lessonId, ["LESSON_REQUESTED"]);
      await planner(tx)(
        lessonId,
        pushesOnAcceptance(new Date(lesson.date).toISOString(), event.data.acceptedAt),
        Number(lesson.student_id),
        event.data.teacher.id,
      );
      return;
    }
    case "LessonMoved": {
      await tx.query("update push_lessons set date = $2 where lesson_id = $1", [lessonId, event.data.date]);
      const { dueAt, expiresAt } = reminderAfterMove(event.data.date);
      await tx.query(
        `update push_notifications set due_at = $2, expires_at = $3
          where lesson_id = $1 and kind = 'LESSON_REMINDER' and state = 'due'`,
        [lessonId, new Date(dueAt).toISOString(), new Date(expiresAt).toISOString()],
      );
      return;
    }
    case "LessonTeacherChanged":
      await tx.query("update push_lessons set teacher_id = $2 where lesson_id = $1", [lessonId, event.data.teacher.id]);
      // The new teacher gets the reminder still to come; the previous one does not.
      await tx.query(
        `update push_notifications set recipient_id = $3
          where ${OWN} and recipient_id = $2 and state = 'due'
            and not exists (select 1 from push_notifications other
                             where other.source = push_notifications.source and other.kind = push_notifications.kind
                               and other.recipient_id = $3)`,
        [lessonId, event.data.from.id, event.data.teacher.id],
      );
      return;
    case "LessonTeacherUnassigned":
      await tx.query("update push_lessons set teacher_id = null where lesson_id = $1", [lessonId]);
      // The next teacher's acceptance plans the reminders anew.
      await tx.query(`delete from push_notifications where ${OWN} and state = 'due'`, [lessonId]);
      return;
    case "LessonRequestLapsed":
      await skip(tx, lessonId, ["LESSON_REQUESTED"]);
      return;
    case "LessonCancelled":
      await tx.query(`update push_notifications set state = 'skipped' where ${OWN} and state = 'due'`, [lessonId]);
      return;
    default:
      return;
  }
};

const insertScheduled = async (run: readonly ScheduledInRun[], tx: Sql) => {
  await tx.query(
    `insert into push_lessons (lesson_id, student_id, date)
     select * from unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) on conflict (lesson_id) do nothing`,
    [
      run.map((lesson) => lesson.lessonId),
      run.map((lesson) => lesson.data.student.id),
      run.map((lesson) => lesson.data.date),
    ],
    { prepareAs: "push_lessons_scheduled_many" },
  );
  for (const { lessonId, data } of run) {
    const chosen = data.chosenTeacher;
    if (chosen?.how !== "REQUESTED" || !chosen.expiresAt) continue;
    await planner(tx)(
      lessonId,
      [pushOnRequest(data.createdDate, chosen.expiresAt)],
      data.student.id,
      chosen.teacher.id,
    );
  }
};

const apply = async (recorded: RecordedEvent, tx: Sql) => {
  if (pushSettingStreams.holds(recorded.streamId)) return applySetting(recorded, tx);
  if (pushSendStreams.holds(recorded.streamId)) return applyClaim(recorded, tx);
  if (recorded.type === "PersonalDataErased") {
    // The subscriptions are the person's: they go with them (their events keep only shredded fields).
    await tx.query("delete from push_subscriptions where account = $1", [recorded.streamId]);
    return;
  }
  if (lessonStreams.holds(recorded.streamId)) return applyLessonEvent(recorded, tx);
  await applyMessageOrDispute(recorded, tx);
};

export const pushNotificationsProjector: Projector = {
  name: "push-notifications",
  // The work list is the sender's, read on its schedule; a person's subscriptions and choices are read back at once.
  awaitedOn: [
    "PushSubscribed",
    "PushUnsubscribed",
    "PushSubscriptionExpired",
    "PushPreferencesChanged",
    "PushNotificationSent",
    "PushNotificationFailed",
  ],
  handles: [
    "LessonScheduled",
    "LessonAccepted",
    "LessonMoved",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonRequestLapsed",
    "LessonCancelled",
    ...pushMessagesAndDisputesEvents,
    "PersonalDataErased",
    "PushSubscribed",
    "PushUnsubscribed",
    "PushSubscriptionExpired",
    "PushPreferencesChanged",
    "PushNotificationSent",
    "PushNotificationFailed",
  ],
  tables: [
    "push_notifications",
    "push_lessons",
    "push_subscriptions",
    "push_preferences",
    ...pushMessagesAndDisputesTables,
  ],
  migrate: readModelMigrations("push-notifications", [
    {
      name: "001-push-notifications",
      sql: `
      create table if not exists push_lessons (
        lesson_id bigint primary key,
        student_id bigint not null,
        teacher_id bigint,
        date timestamptz not null
      );
      create table if not exists push_notifications (
        source text not null,
        lesson_id bigint,
        kind text not null,
        recipient_id bigint not null,
        due_at timestamptz not null,
        expires_at timestamptz not null,
        state text not null check (state in ('due', 'sent', 'failed', 'skipped')),
        failures int not null default 0,
        primary key (source, kind, recipient_id)
      );
      create index if not exists push_notifications_due on push_notifications (due_at) where state = 'due';
      create index if not exists push_notifications_lesson on push_notifications (lesson_id) where lesson_id is not null;
      create table if not exists push_subscriptions (
        endpoint text primary key,
        user_id bigint not null,
        account text not null,
        p256dh text not null,
        auth text not null
      );
      create index if not exists push_subscriptions_user on push_subscriptions (user_id);
      create table if not exists push_preferences (
        user_id bigint primary key,
        off text[] not null
      );`,
    },
    { name: "002-push-messages-and-disputes", sql: pushMessagesAndDisputesMigration },
    {
      // The sweep looks for due notifications of the people who subscribed a browser, not among all.
      name: "003-push-notifications-due-by-recipient",
      sql: `create index if not exists push_notifications_due_recipient
              on push_notifications (recipient_id, due_at) where state = 'due';`,
    },
  ]),
  evolve: async (events, tx) => {
    await applyScheduledInRuns(
      events,
      (run) => insertScheduled(run, tx),
      (event) => apply(event, tx),
    );
    return [];
  },
};
