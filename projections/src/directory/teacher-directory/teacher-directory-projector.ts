import type { RecordedEvent } from "@el/domain";
import { accountStreamEvent } from "@el/domain/accounts/index";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import { countsAsRating } from "@el/domain/accounts/teacher-profile";
import { reviewModerationStreams } from "@el/domain/directory/review-moderation";
import { LESSON_DURATION_MS, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { applyScheduledInRuns } from "../../lessons/scheduled-runs";
import { readModelMigrations } from "../../migrations";
import type { Projector } from "../../runner/projector";
import type { Sql } from "../../sql";
import { searchableName } from "./search-name";
import { TEACHER_DIRECTORY_SCHEMA } from "./teacher-directory-schema";

/** "Ana S.": how a review names its student, first name and the initial of the last. */
export const reviewerName = (student: Pick<PersonSnapshot, "firstName" | "lastName">) => {
  const initial = student.lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${student.firstName.trim()} ${initial}.` : student.firstName.trim();
};

const endOf = (date: string) => new Date(Date.parse(date) + LESSON_DURATION_MS).toISOString();

/** A teacher's counters again from their lessons: held ones, and the notes that count towards the rating. */
const recount = async (tx: Sql, teacherIds: ReadonlySet<number>) => {
  if (teacherIds.size === 0) return;
  await tx.query(
    `update teacher_directory d set lessons_held = s.held, rating_sum = s.total, rating_count = s.notes,
       rating = case when s.notes = 0 then null else round(s.total::numeric / s.notes, 1) end
     from (
       select t.id,
              count(l.lesson_id) filter (where not l.not_held) as held,
              coalesce(sum(l.note), 0) as total,
              count(l.note) as notes
         from unnest($1::bigint[]) as t(id)
         left join teacher_directory_lessons l on l.teacher_id = t.id
        group by t.id
     ) s
     where d.teacher_id = s.id`,
    [[...teacherIds]],
  );
};

/** The teachers whose counters a batch changed: recounted once, after its last event. */
type Touched = Set<number>;

const touch = (touched: Touched, rows: readonly { teacher_id: string | number | null }[]) => {
  for (const row of rows) if (row.teacher_id !== null) touched.add(Number(row.teacher_id));
};

/** Gives a lesson to `teacherId` (null: to nobody), its teacher before and after touched. */
const assignLesson = async (tx: Sql, touched: Touched, lessonId: number, teacherId: number | null) => {
  const { rows } = await tx.query<{ teacher_id: string | number | null }>(
    `update teacher_directory_lessons l set teacher_id = $2
       from (select teacher_id as before from teacher_directory_lessons where lesson_id = $1) old
      where l.lesson_id = $1 returning old.before as teacher_id`,
    [lessonId, teacherId],
  );
  touch(touched, rows);
  if (teacherId !== null) touched.add(teacherId);
};

/** Sets a lesson's column that feeds its teacher's counters (`$2` its value), its teacher touched. */
const changeLesson = async (tx: Sql, touched: Touched, lessonId: number, assignment: string, value: unknown) => {
  const { rows } = await tx.query<{ teacher_id: string | number | null }>(
    `update teacher_directory_lessons set ${assignment} where lesson_id = $1 returning teacher_id`,
    [lessonId, value],
  );
  touch(touched, rows);
};

/** A comment shows once it says something; an empty one (a note alone) is no review. */
const saveReview = async (
  tx: Sql,
  review: {
    feedbackId: number;
    lessonId?: number;
    studentId?: number;
    note: number | null;
    comment: string;
    at?: string;
  },
) => {
  const comment = review.comment.trim();
  if (comment === "") {
    await tx.query("delete from teacher_directory_reviews where feedback_id = $1", [review.feedbackId]);
    return;
  }
  const note = countsAsRating(review.note) ? review.note : null;
  if (review.lessonId === undefined) {
    await tx.query("update teacher_directory_reviews set note = $2, comment = $3 where feedback_id = $1", [
      review.feedbackId,
      note,
      comment,
    ]);
    return;
  }
  await tx.query(
    `insert into teacher_directory_reviews (feedback_id, lesson_id, student_id, note, comment, given_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (feedback_id) do update set note = $4, comment = $5`,
    [review.feedbackId, review.lessonId, review.studentId, note, comment, review.at],
  );
};

const applyLessonEvent = async (recorded: RecordedEvent, tx: Sql, touched: Touched) => {
  const event = lessonStreams.event(recorded);
  const lessonId = lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonAccepted":
    case "LessonTeacherChanged":
      return assignLesson(tx, touched, lessonId, event.data.teacher.id);
    case "LessonTeacherUnassigned":
      return assignLesson(tx, touched, lessonId, null);
    case "LessonMoved":
      await tx.query("update teacher_directory_lessons set ends_at = $2 where lesson_id = $1", [
        lessonId,
        endOf(event.data.date),
      ]);
      return;
    case "LessonCancelled": {
      const { rows } = await tx.query<{ teacher_id: string | number | null }>(
        "delete from teacher_directory_lessons where lesson_id = $1 returning teacher_id",
        [lessonId],
      );
      touch(touched, rows);
      await tx.query("delete from teacher_directory_reviews where lesson_id = $1", [lessonId]);
      return;
    }
    case "TeacherFeedbackGiven":
      // A report closed without answering says nothing about whether the lesson took place.
      if (event.data.status === null) return;
      return changeLesson(tx, touched, lessonId, "not_held = $2", event.data.status === 3);
    case "TeacherFeedbackRevised":
      return changeLesson(tx, touched, lessonId, "not_held = $2", event.data.status === 3);
    case "TeacherFeedbackDeleted":
      return changeLesson(tx, touched, lessonId, "not_held = $2", false);
    case "StudentFeedbackGiven": {
      const { feedbackId, studentId, note, information, givenAt } = event.data;
      await changeLesson(tx, touched, lessonId, "note = $2", countsAsRating(note) ? note : null);
      return saveReview(tx, { feedbackId, lessonId, studentId, note, comment: information, at: givenAt });
    }
    case "StudentFeedbackRevised": {
      const { feedbackId, note, information } = event.data;
      await changeLesson(tx, touched, lessonId, "note = $2", countsAsRating(note) ? note : null);
      return saveReview(tx, { feedbackId, note, comment: information });
    }
    case "StudentFeedbackDeleted":
      await changeLesson(tx, touched, lessonId, "note = $2", null);
      await tx.query("delete from teacher_directory_reviews where feedback_id = $1", [event.data.feedbackId]);
      return;
    default:
      return;
  }
};

const applyTeacherEvent = async (recorded: RecordedEvent, tx: Sql, touched: Touched) => {
  const event = teacherStreams.event(recorded);
  const teacherId = teacherStreams.parse(event.streamId);
  switch (event.type) {
    case "TeacherApplied": {
      const { firstName, lastName, experience } = event.data;
      await tx.query(
        `insert into teacher_directory (teacher_id, first_name, last_name, search_name, experience)
         values ($1, $2, $3, $4, $5) on conflict (teacher_id) do nothing`,
        [teacherId, firstName, lastName, searchableName(firstName, lastName), experience ?? ""],
      );
      // Lessons given to the teacher before the application (a replay of imported history) count from now on.
      touched.add(teacherId);
      return;
    }
    case "TeacherAccepted":
      await tx.query(
        "update teacher_directory set accepted = true, activated = true, active = true where teacher_id = $1",
        [teacherId],
      );
      return;
    case "AccountActivated":
    case "AccountDeactivated": {
      const activated = event.type === "AccountActivated";
      await tx.query("update teacher_directory set activated = $2, active = accepted and $2 where teacher_id = $1", [
        teacherId,
        activated,
      ]);
      return;
    }
    case "ProfileChanged": {
      const { firstName, lastName, experience } = event.data.changes;
      if (firstName === undefined && lastName === undefined && experience === undefined) return;
      await tx.query(
        `update teacher_directory set
           first_name = case when $2 then coalesce($3, '') else first_name end,
           last_name = case when $4 then $5 else last_name end,
           experience = case when $6 then coalesce($7, '') else experience end
         where teacher_id = $1`,
        [
          teacherId,
          firstName !== undefined,
          firstName ?? null,
          lastName !== undefined,
          lastName ?? null,
          experience !== undefined,
          experience ?? null,
        ],
      );
      const { rows } = await tx.query<{ first_name: string; last_name: string | null }>(
        "select first_name, last_name from teacher_directory where teacher_id = $1",
        [teacherId],
      );
      const row = rows[0];
      if (row)
        await tx.query("update teacher_directory set search_name = $2 where teacher_id = $1", [
          teacherId,
          searchableName(row.first_name, row.last_name),
        ]);
      return;
    }
    case "TeacherProfileChanged":
      await tx.query(
        `update teacher_directory set bio = $2, specialities = $3, languages = $4, level_ids = $5
          where teacher_id = $1`,
        [teacherId, event.data.bio, event.data.specialities, event.data.languages, event.data.levelIds ?? []],
      );
      return;
    case "TeacherPhotoChanged":
      await tx.query("update teacher_directory set photo = $2 where teacher_id = $1", [teacherId, event.data.photo]);
      return;
    case "AccountDeleted":
    case "PersonalDataErased":
      // Shown to nobody from then on; their lessons stay, so a lesson given to another teacher later counts there.
      await tx.query("delete from teacher_directory where teacher_id = $1", [teacherId]);
      return;
    default:
      return;
  }
};

const applyDirectoryEvent = async (recorded: RecordedEvent, tx: Sql, touched: Touched) => {
  if (lessonStreams.holds(recorded.streamId)) return applyLessonEvent(recorded, tx, touched);
  if (teacherStreams.holds(recorded.streamId)) return applyTeacherEvent(recorded, tx, touched);
  if (reviewModerationStreams.holds(recorded.streamId)) {
    const feedbackId = reviewModerationStreams.parse(recorded.streamId);
    await tx.query(
      recorded.type === "ReviewHidden"
        ? "insert into teacher_directory_hidden_reviews (feedback_id) values ($1) on conflict do nothing"
        : "delete from teacher_directory_hidden_reviews where feedback_id = $1",
      [feedbackId],
    );
    return;
  }
  // A student erased (LGPD) leaves no comment and no name behind; their notes stay in the averages.
  const erasure = accountStreamEvent(recorded);
  if (erasure.type !== "PersonalDataErased" && erasure.type !== "AccountDeleted") return;
  const { streamId } = erasure;
  if (!streamId.startsWith("student-")) return;
  const studentId = Number(streamId.slice("student-".length));
  await tx.query("delete from teacher_directory_reviews where student_id = $1", [studentId]);
  if (erasure.type === "PersonalDataErased")
    await tx.query("update teacher_directory_lessons set student_name = '' where student_id = $1", [studentId]);
};

const TEACHER_EVENTS = [
  "TeacherApplied",
  "TeacherAccepted",
  "AccountActivated",
  "AccountDeactivated",
  "ProfileChanged",
  "TeacherProfileChanged",
  "TeacherPhotoChanged",
  "AccountDeleted",
  "PersonalDataErased",
];
const LESSON_EVENTS = [
  "LessonScheduled",
  "LessonAccepted",
  "LessonTeacherChanged",
  "LessonTeacherUnassigned",
  "LessonMoved",
  "LessonCancelled",
  "TeacherFeedbackGiven",
  "TeacherFeedbackRevised",
  "TeacherFeedbackDeleted",
];
const REVIEW_EVENTS = [
  "StudentFeedbackGiven",
  "StudentFeedbackRevised",
  "StudentFeedbackDeleted",
  "ReviewHidden",
  "ReviewShown",
];

/**
 * The teacher directory's read model (tables in teacher-directory-schema.ts). Its own rows, not the
 * profiles' or the lessons' read models, so its queries never depend on another projector having caught up.
 */
export const teacherDirectoryProjector: Projector = {
  name: "teacher-directory",
  handles: [...TEACHER_EVENTS, ...LESSON_EVENTS, ...REVIEW_EVENTS],
  // The board's own commands do not wait for the directory's counters; what a teacher saves, a student
  // rates and an administrator hides is read back at once.
  awaitedOn: [...TEACHER_EVENTS, ...REVIEW_EVENTS],
  tables: [
    "teacher_directory",
    "teacher_directory_lessons",
    "teacher_directory_reviews",
    "teacher_directory_hidden_reviews",
  ],
  migrate: readModelMigrations("teacher-directory", [
    { name: "001-teacher-directory", sql: TEACHER_DIRECTORY_SCHEMA },
    {
      // A recount reads a teacher's lessons from the index alone: its cost no longer follows their number.
      name: "002-teacher-directory-lessons-counted-from-the-index",
      sql: `create index if not exists teacher_directory_lessons_counts
              on teacher_directory_lessons (teacher_id) include (lesson_id, not_held, note);
            drop index if exists teacher_directory_lessons_teacher;`,
    },
  ]),
  // One statement per event (two for a comment); the counters of the teachers the batch touched, once at its end.
  evolve: async (events, tx) => {
    const touched: Touched = new Set();
    await applyScheduledInRuns(
      events,
      (run) =>
        tx.query(
          `insert into teacher_directory_lessons (lesson_id, student_id, student_name, ends_at)
           select * from unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamptz[])
           on conflict (lesson_id) do nothing`,
          [
            run.map((lesson) => lesson.lessonId),
            run.map((lesson) => lesson.data.student.id),
            run.map((lesson) => reviewerName(lesson.data.student)),
            run.map((lesson) => endOf(lesson.data.date)),
          ],
          { prepareAs: "teacher_directory_lessons_scheduled_many" },
        ),
      (event) => applyDirectoryEvent(event, tx, touched),
    );
    await recount(tx, touched);
    return [];
  },
};
