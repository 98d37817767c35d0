/**
 * `teacher_directory`: one row per teacher who applied (and was not deleted or erased), what the directory's
 * card and the public profile show, whether the teacher is active (accepted and not deactivated), their
 * notes' sum and count and how many lessons they hold. `teacher_directory_lessons`: one row per lesson not
 * cancelled, with its teacher now, its end, its student's note and whether its teacher reported it not held,
 * from which the counters are recomputed. `teacher_directory_reviews`: the students' written comments;
 * `teacher_directory_hidden_reviews`: those an administrator hid.
 */
export const TEACHER_DIRECTORY_SCHEMA = `
create table if not exists teacher_directory (
  teacher_id bigint primary key,
  first_name text not null,
  last_name text,
  search_name text not null,
  bio text not null default '',
  experience text not null default '',
  specialities text[] not null default '{}',
  languages text[] not null default '{}',
  level_ids bigint[] not null default '{}',
  photo text,
  accepted boolean not null default false,
  activated boolean not null default false,
  active boolean not null default false,
  rating_sum int not null default 0,
  rating_count int not null default 0,
  rating numeric(2, 1),
  lessons_held int not null default 0
);
create index if not exists teacher_directory_by_rating
  on teacher_directory (rating desc nulls last, rating_count desc, teacher_id) where active;
create table if not exists teacher_directory_lessons (
  lesson_id bigint primary key,
  student_id bigint not null,
  student_name text not null,
  teacher_id bigint,
  ends_at timestamptz not null,
  not_held boolean not null default false,
  note int
);
create index if not exists teacher_directory_lessons_upcoming on teacher_directory_lessons (ends_at, teacher_id)
  where teacher_id is not null and not not_held;
create table if not exists teacher_directory_reviews (
  feedback_id bigint primary key,
  lesson_id bigint not null,
  student_id bigint not null,
  note int,
  comment text not null,
  given_at timestamptz not null
);
create index if not exists teacher_directory_reviews_lesson on teacher_directory_reviews (lesson_id);
create index if not exists teacher_directory_reviews_student on teacher_directory_reviews (student_id);
create table if not exists teacher_directory_hidden_reviews (
  feedback_id bigint primary key
);
`;
