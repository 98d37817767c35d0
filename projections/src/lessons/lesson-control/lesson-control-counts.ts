import { lessonStreams } from "@el/domain/lessons/lesson";
import type { LessonControlFilters } from "@el/domain/lessons/lesson-control-view";
import { LESSON_TIME_ZONE } from "@el/domain/lessons/sao-paulo-time";
import { readModelMigrations } from "../../migrations";
import type { EvolveOne, Projector } from "../../runner/projector";
import type { Sql } from "../../sql";
import { applyScheduledInRuns } from "../scheduled-runs";

/**
 * How many lessons stand in each month of the São Paulo calendar, kept as lessons are scheduled, moved and
 * cancelled, so lesson control's count and totals for its broad filters (none, Ano, Mês, Ano + Mês) add up
 * at most a few hundred rows instead of counting up to every lesson on each page. `lesson_control_members`
 * remembers each standing lesson's month, which a move or a cancellation takes it from.
 */
const SCHEMA = `
create table if not exists lesson_control_month_counts (
  year int not null,
  month int not null,
  lessons int not null,
  primary key (year, month)
);
create table if not exists lesson_control_members (
  lesson_id bigint primary key,
  year int not null,
  month int not null
);
`;

const monthOf = `extract(year from $2::timestamptz at time zone '${LESSON_TIME_ZONE}')::int,
  extract(month from $2::timestamptz at time zone '${LESSON_TIME_ZONE}')::int`;

/** Counting a lesson into its month (`$2`) or out of the one it stood in: one statement each, the member row and the count together. */
const JOIN = `with joined as (
    insert into lesson_control_members (lesson_id, year, month) select $1, ${monthOf}
    on conflict (lesson_id) do nothing returning year, month
  )
  insert into lesson_control_month_counts (year, month, lessons) select year, month, 1 from joined
  on conflict (year, month) do update set lessons = lesson_control_month_counts.lessons + 1`;
const LEAVE = `with gone as (
    delete from lesson_control_members where lesson_id = $1 returning year, month
  ), counted as (
    update lesson_control_month_counts as counts set lessons = counts.lessons - 1
      from gone where counts.year = gone.year and counts.month = gone.month
  )
  select count(*)::int as members from gone`;

/** A run of lessons scheduled (`$1` ids, `$2` dates) counted into their months in one statement. */
const JOIN_MANY = `with joined as (
    insert into lesson_control_members (lesson_id, year, month)
    select scheduled.id, ${monthOf.replaceAll("$2", "scheduled.date")}
      from unnest($1::bigint[], $2::timestamptz[]) as scheduled (id, date)
    on conflict (lesson_id) do nothing returning year, month
  )
  insert into lesson_control_month_counts (year, month, lessons)
  select year, month, count(*) from joined group by year, month
  on conflict (year, month) do update set lessons = lesson_control_month_counts.lessons + excluded.lessons`;

/** A move or a cancellation; `evolve` counts the schedulings in runs (`JOIN_MANY`). */
const applyCountsEvent: EvolveOne = async (recorded, tx) => {
  const event = lessonStreams.event(recorded);
  const id = lessonStreams.parse(event.streamId);
  const leave = async () => {
    const { rows } = await tx.query<{ members: number }>(LEAVE, [id], { prepareAs: "lesson_control_leave" });
    return (rows[0]?.members ?? 0) > 0;
  };
  const join = (date: string) => tx.query(JOIN, [id, date], { prepareAs: "lesson_control_join" });
  switch (event.type) {
    // A cancelled lesson has left lesson control: its later moves count nowhere.
    case "LessonMoved":
      if (await leave()) await join(event.data.date);
      return [];
    case "LessonCancelled":
      await leave();
      return [];
    default:
      return [];
  }
};

export const lessonControlCountsProjector: Projector = {
  name: "lesson-control-counts",
  handles: ["LessonScheduled", "LessonMoved", "LessonCancelled"],
  tables: ["lesson_control_month_counts", "lesson_control_members"],
  migrate: readModelMigrations("lesson-control-counts", [{ name: "001-lesson-control-counts", sql: SCHEMA }]),
  // A burst's schedulings counted in one statement; moves and cancellations one by one, in order.
  evolve: async (events, tx) => {
    await applyScheduledInRuns(
      events,
      (run) =>
        tx.query(JOIN_MANY, [run.map((lesson) => lesson.data.id), run.map((lesson) => lesson.data.date)], {
          prepareAs: "lesson_control_join_many",
        }),
      (event) => applyCountsEvent(event, tx),
    );
    return [];
  },
};

/**
 * The standing lessons the broad filters match, from the month counts; null for a teacher or a student
 * filter, which the indexes on `lesson_schedulings` count quickly enough.
 */
export const countedLessons = async (sql: Sql, filters: LessonControlFilters): Promise<number | null> => {
  if (filters.teacherId !== undefined || filters.studentId !== undefined) return null;
  const params: number[] = [];
  const conditions = ["true"];
  if (filters.year !== undefined) {
    params.push(filters.year);
    conditions.push(`year = $${params.length}`);
  }
  if (filters.month !== undefined) {
    params.push(filters.month);
    conditions.push(`month = $${params.length}`);
  }
  const { rows } = await sql.query<{ lessons: string | null }>(
    `select sum(lessons) as lessons from lesson_control_month_counts where ${conditions.join(" and ")}`,
    params,
  );
  return Number(rows[0]?.lessons ?? 0);
};
