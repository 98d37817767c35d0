import { teacherStreams } from "@el/domain/accounts/teacher-account";
import {
  countsAsRating,
  roundRating,
  type TeacherLanguage,
  type TeacherProfileView,
  type TeacherRating,
  type TeacherRatingsSummary,
  type TeacherSpeciality,
  teacherPhotoPath,
} from "@el/domain/accounts/teacher-profile";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { applyScheduledInRuns } from "../lessons/scheduled-runs";
import { readModelMigrations } from "../migrations";
import type { EvolveOne, Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model of what students see of their teachers: `teacher_profiles` (one row per teacher: name, bio,
 * experience, specialities, languages, photo digest) and `teacher_lessons` (one row per lesson not
 * cancelled: its student, its teacher now, and the student's note when it counts towards a rating). The rating is read
 * from the notes, so a lesson given to another teacher, or a note an administrator corrects or deletes,
 * moves the average of the right teacher. Its own rows, not the lessons' read model: this one's queries
 * never depend on another projector having caught up.
 */
export const TEACHER_PROFILES_SCHEMA = `
create table if not exists teacher_profiles (
  teacher_id bigint primary key,
  first_name text not null,
  last_name text,
  experience text,
  bio text not null default '',
  specialities text[] not null default '{}',
  languages text[] not null default '{}',
  photo text
);
create table if not exists teacher_lessons (
  lesson_id bigint primary key,
  student_id bigint not null,
  teacher_id bigint,
  note int
);
create index if not exists teacher_lessons_teacher on teacher_lessons (teacher_id, student_id);
`;
/** The levels a teacher teaches: none for every profile saved before teachers chose them. */
const LEVELS_TAUGHT = "alter table teacher_profiles add column level_ids bigint[] not null default '{}'";

const rated = (note: number | null) => (countsAsRating(note) ? note : null);

/** A teacher's profile and what erases it, read back at once by whoever changed it. */
const PROFILE_EVENTS = [
  "TeacherApplied",
  "ProfileChanged",
  "TeacherProfileChanged",
  "TeacherPhotoChanged",
  "AccountDeleted",
  "PersonalDataErased",
];
/** Ratings, read back at once by the student who gave them. */
const RATING_EVENTS = ["StudentFeedbackGiven", "StudentFeedbackRevised", "StudentFeedbackDeleted"];
/** Which teacher holds which lesson, for the ratings' lesson list. */
const LESSON_EVENTS = [
  "LessonScheduled",
  "LessonAccepted",
  "LessonTeacherChanged",
  "LessonTeacherUnassigned",
  "LessonCancelled",
];

const applyProfileEvent: EvolveOne = async (recorded, tx) => {
  if (lessonStreams.holds(recorded.streamId)) {
    const event = lessonStreams.event(recorded);
    const lessonId = lessonStreams.parse(event.streamId);
    // A lesson's scheduling never comes here: `evolve` inserts the schedulings' rows in runs.
    switch (event.type) {
      case "LessonAccepted":
      case "LessonTeacherChanged":
        await tx.query("update teacher_lessons set teacher_id = $2 where lesson_id = $1", [
          lessonId,
          event.data.teacher.id,
        ]);
        return;
      case "LessonTeacherUnassigned":
        await tx.query("update teacher_lessons set teacher_id = null where lesson_id = $1", [lessonId]);
        return;
      case "LessonCancelled":
        await tx.query("delete from teacher_lessons where lesson_id = $1", [lessonId]);
        return;
      case "StudentFeedbackGiven":
      case "StudentFeedbackRevised":
        await tx.query("update teacher_lessons set note = $2 where lesson_id = $1", [lessonId, rated(event.data.note)]);
        return;
      case "StudentFeedbackDeleted":
        await tx.query("update teacher_lessons set note = null where lesson_id = $1", [lessonId]);
        return;
      default:
        return;
    }
  }
  // Students and administrators change their profiles and delete accounts too: only teachers are kept.
  if (!teacherStreams.holds(recorded.streamId)) return;
  const event = teacherStreams.event(recorded);
  const teacherId = teacherStreams.parse(event.streamId);
  switch (event.type) {
    case "TeacherApplied":
      await tx.query(
        `insert into teacher_profiles (teacher_id, first_name, last_name, experience) values ($1, $2, $3, $4)
         on conflict (teacher_id) do nothing`,
        [teacherId, event.data.firstName, event.data.lastName, event.data.experience],
      );
      return;
    case "ProfileChanged": {
      const { firstName, lastName, experience } = event.data.changes;
      if (firstName === undefined && lastName === undefined && experience === undefined) return;
      await tx.query(
        `update teacher_profiles set
           first_name = case when $2 then coalesce($3, '') else first_name end,
           last_name = case when $4 then $5 else last_name end,
           experience = case when $6 then $7 else experience end
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
      return;
    }
    case "TeacherProfileChanged":
      await tx.query(
        "update teacher_profiles set bio = $2, specialities = $3, languages = $4, level_ids = $5 where teacher_id = $1",
        [teacherId, event.data.bio, event.data.specialities, event.data.languages, event.data.levelIds ?? []],
      );
      return;
    case "TeacherPhotoChanged":
      await tx.query("update teacher_profiles set photo = $2 where teacher_id = $1", [teacherId, event.data.photo]);
      return;
    case "AccountDeleted":
    case "PersonalDataErased":
      // A deleted or erased teacher is shown to nobody; the notes stay with their lessons for the averages.
      await tx.query("delete from teacher_profiles where teacher_id = $1", [teacherId]);
      return;
    default:
      return;
  }
};

export const teacherProfilesProjector: Projector = {
  name: "teacher-profiles",
  handles: [...PROFILE_EVENTS, ...LESSON_EVENTS, ...RATING_EVENTS],
  // Lessons' own commands do not wait for the ratings' lesson list (who may see a profile is read from the
  // lessons' read model); the profile and the ratings a student just gave are read back at once.
  awaitedOn: [...PROFILE_EVENTS, ...RATING_EVENTS],
  tables: ["teacher_profiles", "teacher_lessons"],
  migrate: readModelMigrations("teacher-profiles", [
    { name: "001-teacher-profiles", sql: TEACHER_PROFILES_SCHEMA },
    { name: "002-levels-taught", sql: LEVELS_TAUGHT },
  ]),
  // The lessons a burst schedules, in one statement; every other event on its own, in order.
  evolve: async (events, tx) => {
    await applyScheduledInRuns(
      events,
      (run) =>
        tx.query(
          `insert into teacher_lessons (lesson_id, student_id)
           select * from unnest($1::bigint[], $2::bigint[]) on conflict (lesson_id) do nothing`,
          [run.map((lesson) => lesson.lessonId), run.map((lesson) => lesson.data.student.id)],
          { prepareAs: "teacher_lessons_scheduled_many" },
        ),
      (event) => applyProfileEvent(event, tx),
    );
    return [];
  },
};

interface ProfileRow {
  teacher_id: string;
  first_name: string;
  last_name: string | null;
  experience: string | null;
  bio: string;
  specialities: string[];
  languages: string[];
  level_ids: (string | number)[];
  photo: string | null;
  average: string | number | null;
  ratings: string | number;
}

const ratingColumns = `(select avg(n.note) from teacher_lessons n where n.teacher_id = p.teacher_id and n.note is not null) as average,
  (select count(*) from teacher_lessons n where n.teacher_id = p.teacher_id and n.note is not null) as ratings`;

const ratingOfRow = (row: { average: string | number | null; ratings: string | number }): TeacherRating => ({
  average: row.average === null ? null : roundRating(Number(row.average)),
  count: Number(row.ratings),
});

const viewOf = (row: ProfileRow): TeacherProfileView => ({
  id: Number(row.teacher_id),
  firstName: row.first_name,
  lastName: row.last_name,
  bio: row.bio,
  experience: row.experience ?? "",
  specialities: row.specialities as TeacherSpeciality[],
  languages: row.languages as TeacherLanguage[],
  levelIds: row.level_ids.map(Number),
  photo: row.photo ? { large: teacherPhotoPath(row.photo, 256), small: teacherPhotoPath(row.photo, 64) } : null,
  rating: ratingOfRow(row),
});

/** A teacher's profile with their rating; null for an id that is no teacher (or a deleted one). */
export const teacherProfileOf = async (sql: Sql, teacherId: number): Promise<TeacherProfileView | null> => {
  const { rows } = await sql.query<ProfileRow>(
    `select p.*, ${ratingColumns} from teacher_profiles p where p.teacher_id = $1`,
    [teacherId],
  );
  return rows[0] ? viewOf(rows[0]) : null;
};

/** The ratings of several teachers at once (the back office's teacher list), by teacher id. */
export const teacherRatingsOf = async (
  sql: Sql,
  teacherIds: readonly number[],
): Promise<Map<number, TeacherRating>> => {
  const ratings = new Map<number, TeacherRating>();
  if (teacherIds.length === 0) return ratings;
  const { rows } = await sql.query<{ teacher_id: string; average: string | number; ratings: string | number }>(
    `select teacher_id, avg(note) as average, count(*) as ratings from teacher_lessons
      where teacher_id = any($1::bigint[]) and note is not null group by teacher_id`,
    [teacherIds],
  );
  for (const row of rows) ratings.set(Number(row.teacher_id), ratingOfRow(row));
  return ratings;
};

/** Every note students gave, over the teachers who have a profile: the landing page's figures. */
export const teacherRatingsSummary = async (sql: Sql): Promise<TeacherRatingsSummary> => {
  const { rows } = await sql.query<{
    average: string | number | null;
    ratings: string | number;
    teachers: string | number;
  }>(
    `select avg(n.note) as average, count(*) as ratings, count(distinct n.teacher_id) as teachers
       from teacher_lessons n join teacher_profiles p on p.teacher_id = n.teacher_id
      where n.note is not null`,
  );
  const row = rows[0];
  return {
    average: row?.average == null ? null : roundRating(Number(row.average)),
    ratings: Number(row?.ratings ?? 0),
    teachers: Number(row?.teachers ?? 0),
  };
};
