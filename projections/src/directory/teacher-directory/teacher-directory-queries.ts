import { type TeacherLanguage, type TeacherSpeciality, teacherPhotoPath } from "@el/domain/accounts/teacher-profile";
import { BOOKING_NOTICE_MS, saoPauloInstant } from "@el/domain/directory/availability";
import type {
  TeacherCard,
  TeacherDirectoryPage,
  TeacherDirectoryQuery,
  TeacherPublicProfile,
  TeacherReview,
} from "@el/domain/directory/directory-contracts";
import type { z } from "zod";
import type { Sql } from "../../sql";
import { likeLiteral, searchableName } from "./search-name";

/** The directory's query once validated: defaults applied, flags read. */
export type DirectoryQuery = z.output<typeof TeacherDirectoryQuery>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const BIO_LINE_MAX = 160;
/** The public profile shows the most recent comments, enough to judge and few enough to read. */
export const REVIEWS_SHOWN = 50;

/** Columns of a card, read from `teacher_directory d` with `cardParams` as `$1` and `$2`. */
export const CARD_COLUMNS = `d.teacher_id, d.first_name, d.last_name, d.bio, d.experience, d.specialities, d.languages,
  d.level_ids, d.photo, d.rating, d.rating_count,
  d.lessons_held - (select count(*) from teacher_directory_lessons u
                     where u.teacher_id = d.teacher_id and u.ends_at > $2 and not u.not_held) as lessons_given,
  (select min(f.starts_at) from teacher_free_starts f where f.teacher_id = d.teacher_id and f.starts_at >= $1)
    as next_free`;

export interface CardRow {
  teacher_id: string | number;
  first_name: string;
  last_name: string | null;
  bio: string;
  experience: string;
  specialities: string[];
  languages: string[];
  level_ids: (string | number)[];
  photo: string | null;
  rating: string | number | null;
  rating_count: number;
  lessons_given: string | number;
  next_free: Date | string | null;
}

/** The first line of the bio, cut to 160 characters with an ellipsis. */
export const bioLine = (bio: string) => {
  const line = bio.trim().split("\n")[0]?.trim() ?? "";
  return line.length <= BIO_LINE_MAX ? line : `${line.slice(0, BIO_LINE_MAX - 1).trimEnd()}…`;
};

export const cardOf = (row: CardRow): TeacherCard => ({
  id: Number(row.teacher_id),
  firstName: row.first_name,
  lastName: row.last_name,
  photoUrl: row.photo ? teacherPhotoPath(row.photo, 256) : null,
  rating: row.rating === null ? null : Number(row.rating),
  ratingCount: Number(row.rating_count),
  lessonsGiven: Number(row.lessons_given),
  specialities: row.specialities as TeacherSpeciality[],
  languages: row.languages as TeacherLanguage[],
  bio: bioLine(row.bio),
  levelIds: row.level_ids.map(Number),
  nextFreeSlot: row.next_free === null ? null : saoPauloInstant(new Date(row.next_free).getTime()),
});

/** `$1` and `$2` of every card query: the first start a student may book now, and now. */
export const cardParams = (now: Date) => [new Date(now.getTime() + BOOKING_NOTICE_MS).toISOString(), now.toISOString()];

/** Joins each teacher's availability row as `a`, for `nextFreeOf`. */
const AVAILABILITY_JOIN = "left join teacher_availability a on a.teacher_id = d.teacher_id";

/**
 * The teacher's first free start at or after `from` (a parameter), over `a`: the one its row keeps while that
 * is still at or after `from`, so only the rows whose kept start has passed probe `teacher_free_starts`.
 * No row, or none kept, is none: the kept start is the first of every start stored after it was kept.
 */
const nextFreeOf = (from: string) =>
  `case when a.next_free_start is null or a.next_free_start >= ${from} then a.next_free_start
     else (select min(f.starts_at) from teacher_free_starts f
            where f.teacher_id = a.teacher_id and f.starts_at >= ${from}) end`;

/** Which teachers a query keeps, as conditions over `d` and `a`, their parameters appended to `params`. */
const filtersOf = (query: DirectoryQuery, params: unknown[], now: Date) => {
  const where = ["d.active"];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const name = query.q ? searchableName(query.q) : "";
  if (name !== "") where.push(`d.search_name like ${add(`%${likeLiteral(name)}%`)}`);
  if (query.speciality) where.push(`${add(query.speciality)} = any(d.specialities)`);
  if (query.language) where.push(`${add(query.language)} = any(d.languages)`);
  if (query.levelId !== undefined) where.push(`${add(query.levelId)}::bigint = any(d.level_ids)`);
  if (query.minRating !== undefined) where.push(`d.rating >= ${add(query.minRating)}`);
  if (query.freeThisWeek) {
    const [from] = cardParams(now);
    where.push(`${nextFreeOf(add(from))} < ${add(new Date(now.getTime() + WEEK_MS).toISOString())}`);
  }
  return { where: where.join(" and "), name };
};

/**
 * The order of each sort, over the candidates `c`. Relevance: a name that starts with the search first, then
 * one with a word that does, then the rest; then the sum of the notes (the average times how many), then
 * the lessons given.
 */
const orderOf = (query: DirectoryQuery, params: unknown[], name: string) => {
  switch (query.sort) {
    case "rating":
      return "c.rating desc nulls last, c.rating_count desc, c.teacher_id";
    case "nextFreeSlot":
      return "c.next_free asc nulls last, c.rating_sum desc, c.teacher_id";
    default: {
      if (name === "") return "c.rating_sum desc, c.lessons_given desc, c.teacher_id";
      params.push(`${likeLiteral(name)}%`, `% ${likeLiteral(name)}%`);
      const starts = `$${params.length - 1}`;
      const word = `$${params.length}`;
      return `case when c.search_name like ${starts} then 0 when c.search_name like ${word} then 1 else 2 end,
        c.rating_sum desc, c.lessons_given desc, c.teacher_id`;
    }
  }
};

/** Columns the order needs for every candidate, computed only for the sorts that order by them. */
const sortColumnsOf = (query: DirectoryQuery) => {
  if (query.sort === "nextFreeSlot") return `, ${nextFreeOf("$1")} as next_free`;
  if (query.sort === "relevance") return ", d.lessons_held - coalesce(u.upcoming, 0) as lessons_given";
  return "";
};

/** Whether a query reads the teachers' first free starts for every candidate (and so joins `a`). */
const readsNextFree = (query: DirectoryQuery) => query.freeThisWeek || query.sort === "nextFreeSlot";

/**
 * `GET /api/teachers`: one page of active teachers, filtered and sorted, with the total. One statement: the
 * candidates are ordered on the few columns their sort needs, and only the page's teachers get their cards'
 * other figures (lessons given, next free start).
 */
export const teacherDirectoryPage = async (
  sql: Sql,
  query: DirectoryQuery,
  now: Date,
): Promise<TeacherDirectoryPage> => {
  const params: unknown[] = cardParams(now);
  const { where, name } = filtersOf(query, params, now);
  const order = orderOf(query, params, name);
  // Lessons still to end, per teacher, read once from the index of upcoming lessons rather than per teacher.
  const upcoming =
    query.sort === "relevance"
      ? `left join (select teacher_id, count(*) as upcoming from teacher_directory_lessons
                     where ends_at > $2 and teacher_id is not null and not not_held group by teacher_id) u
           on u.teacher_id = d.teacher_id`
      : "";
  params.push(query.size, query.page * query.size);
  const { rows } = await sql.query<CardRow & { total: string | number }>(
    `with c as (
       select d.teacher_id, d.search_name, d.rating, d.rating_count, d.rating_sum ${sortColumnsOf(query)}
         from teacher_directory d ${upcoming} ${readsNextFree(query) ? AVAILABILITY_JOIN : ""}
        where ${where}
     ), page as (
       select c.teacher_id, count(*) over () as total, row_number() over (order by ${order}) as position
         from c order by position limit $${params.length - 1} offset $${params.length}
     )
     select ${CARD_COLUMNS}, page.total
       from page join teacher_directory d on d.teacher_id = page.teacher_id
      order by page.position`,
    params,
  );
  const total = rows[0] ? Number(rows[0].total) : await countOf(sql, query, now);
  return { content: rows.map(cardOf), totalElements: total };
};

/** How many teachers a query keeps: for a page past the last, which has no row to say it. */
const countOf = async (sql: Sql, query: DirectoryQuery, now: Date) => {
  if (query.page === 0) return 0;
  const params: unknown[] = [];
  const { where } = filtersOf(query, params, now);
  const { rows } = await sql.query<{ total: string | number }>(
    `select count(*) as total from teacher_directory d ${readsNextFree(query) ? AVAILABILITY_JOIN : ""} where ${where}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
};

interface ReviewRow {
  feedback_id: string | number;
  student_name: string;
  note: number | null;
  comment: string;
  given_at: Date | string;
  hidden: boolean;
}

/**
 * `GET /api/teachers/{id}`: an active teacher's public profile, null for anyone else. Comments an
 * administrator hid are left out unless `administrator`; `favorite` is the caller's to fill.
 */
export const teacherPublicProfileOf = async (
  sql: Sql,
  teacherId: number,
  reader: { administrator: boolean },
  now: Date,
): Promise<Omit<TeacherPublicProfile, "favorite"> | null> => {
  const { rows } = await sql.query<CardRow>(
    `select ${CARD_COLUMNS} from teacher_directory d where d.teacher_id = $3 and d.active`,
    [...cardParams(now), teacherId],
  );
  const row = rows[0];
  if (!row) return null;
  const reviews = await sql.query<ReviewRow>(
    `select r.feedback_id, l.student_name, r.note, r.comment, r.given_at, h.feedback_id is not null as hidden
       from teacher_directory_reviews r
       join teacher_directory_lessons l on l.lesson_id = r.lesson_id
       left join teacher_directory_hidden_reviews h on h.feedback_id = r.feedback_id
      where l.teacher_id = $1 and ($2 or h.feedback_id is null)
      order by r.given_at desc, r.feedback_id desc limit $3`,
    [teacherId, reader.administrator, REVIEWS_SHOWN],
  );
  return {
    ...cardOf(row),
    about: row.bio,
    experience: row.experience,
    photo: row.photo ? { large: teacherPhotoPath(row.photo, 256), small: teacherPhotoPath(row.photo, 64) } : null,
    reviews: reviews.rows.map(
      (review): TeacherReview => ({
        id: Number(review.feedback_id),
        studentName: review.student_name,
        note: review.note,
        comment: review.comment,
        at: new Date(review.given_at).toISOString(),
        hidden: review.hidden,
      }),
    ),
  };
};

/** Whether `feedbackId` is a written comment on a lesson `teacherId` gave (what an administrator may hide). */
export const isReviewOf = async (sql: Sql, teacherId: number, feedbackId: number) => {
  const { rows } = await sql.query(
    `select 1 from teacher_directory_reviews r join teacher_directory_lessons l on l.lesson_id = r.lesson_id
      where r.feedback_id = $1 and l.teacher_id = $2`,
    [feedbackId, teacherId],
  );
  return rows.length > 0;
};

/** Whether `teacherId` is a teacher the directory shows. */
export const isListedTeacher = async (sql: Sql, teacherId: number) => {
  const { rows } = await sql.query("select 1 from teacher_directory where teacher_id = $1 and active", [teacherId]);
  return rows.length > 0;
};
