import { trailStreams } from "@el/domain/catalog/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `catalog_trails`: the trails on offer. A removed trail leaves the table: lessons keep their
 * own copy of the trail's number and title, and nothing new may be scheduled on it.
 */

export interface TrailRow {
  id: number;
  number: number;
  title: string;
  content: string;
  application: string;
  techniques: string;
  level: { id: number; name: string | null };
}

export const catalogTrailsProjector: Projector = {
  name: "catalog_trails",
  handles: ["TrailCreated", "TrailRevised", "TrailRemoved"],
  tables: ["catalog_trails"],
  migrate: readModelMigrations("catalog_trails", [
    {
      name: "001-catalog-trails",
      sql: `create table if not exists catalog_trails (
      id int primary key,
      number int not null,
      title text not null,
      content text not null,
      application text not null,
      techniques text not null,
      level_id int not null
    );
    create index if not exists catalog_trails_level on catalog_trails (level_id, number)`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = trailStreams.event(recorded);
    // Only the creation carries the id; later events name the trail by their stream.
    const id = event.type === "TrailCreated" ? event.data.id : trailStreams.parse(event.streamId);
    switch (event.type) {
      case "TrailCreated":
      case "TrailRevised": {
        const { number, title, content, application, techniques, levelId } = event.data;
        await tx.query(
          `insert into catalog_trails (id, number, title, content, application, techniques, level_id)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (id) do update set number = $2, title = $3, content = $4, application = $5,
             techniques = $6, level_id = $7`,
          [id, number, title, content, application, techniques, levelId],
        );
        return;
      }
      case "TrailRemoved":
        await tx.query("delete from catalog_trails where id = $1", [id]);
        return;
    }
  }),
};

const toTrail = (row: Record<string, unknown>): TrailRow => ({
  id: Number(row.id),
  number: Number(row.number),
  title: String(row.title),
  content: String(row.content),
  application: String(row.application),
  techniques: String(row.techniques),
  level: { id: Number(row.level_id), name: (row.level_name as string | null) ?? null },
});

const select = `select t.id, t.number, t.title, t.content, t.application, t.techniques, t.level_id,
  l.name as level_name
  from catalog_trails t left join catalog_levels l on l.id = t.level_id`;

/** Every trail, by level then number (the order a student takes them), optionally of one level. */
export const listTrails = async (sql: Sql, filter: { levelId?: number } = {}): Promise<TrailRow[]> => {
  const { rows } =
    filter.levelId === undefined
      ? await sql.query(`${select} order by t.level_id, t.number, t.id`)
      : await sql.query(`${select} where t.level_id = $1 order by t.number, t.id`, [filter.levelId]);
  return rows.map(toTrail);
};

export const findTrail = async (sql: Sql, id: number): Promise<TrailRow | undefined> => {
  const { rows } = await sql.query(`${select} where t.id = $1`, [id]);
  return rows[0] ? toTrail(rows[0]) : undefined;
};
