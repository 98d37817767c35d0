import { levelStreams } from "@el/domain/catalog/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";
import { orderAndPage, type Page, type PageRequest } from "./paging";

/** Read model `catalog_levels`: one row per level, for lists, search and forms. */

export interface LevelRow {
  id: number;
  name: string;
  active: boolean;
}

export const catalogLevelsProjector: Projector = {
  name: "catalog_levels",
  handles: ["LevelCreated", "LevelRenamed", "LevelActivated", "LevelDeactivated"],
  tables: ["catalog_levels"],
  migrate: readModelMigrations("catalog_levels", [
    {
      name: "001-catalog-levels",
      sql: `create table if not exists catalog_levels (
      id int primary key,
      name text not null,
      active boolean not null
    )`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = levelStreams.event(recorded);
    // Only the creation carries the id; later events name the level by their stream.
    const id = event.type === "LevelCreated" ? event.data.id : levelStreams.parse(event.streamId);
    switch (event.type) {
      case "LevelCreated":
        await tx.query(
          "insert into catalog_levels (id, name, active) values ($1, $2, $3) on conflict (id) do nothing",
          [id, event.data.name, event.data.active],
        );
        return;
      case "LevelRenamed":
        await tx.query("update catalog_levels set name = $2 where id = $1", [id, event.data.name]);
        return;
      case "LevelActivated":
      case "LevelDeactivated":
        await tx.query("update catalog_levels set active = $2 where id = $1", [id, event.type === "LevelActivated"]);
        return;
    }
  }),
};

const toLevel = (row: Record<string, unknown>): LevelRow => ({
  id: Number(row.id),
  name: String(row.name),
  active: Boolean(row.active),
});

/** Levels by name (`query`, case- and accent-insensitive substring) and activity, a page at a time. */
export const listLevels = async (
  sql: Sql,
  filter: { query?: string; active?: boolean },
  page: PageRequest,
): Promise<Page<LevelRow>> => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.query?.trim()) {
    params.push(`%${filter.query.trim()}%`);
    conditions.push(`translate(lower(name), 'áàâãäéêèíóôõöúüç', 'aaaaaeeeiooooouuc')
      like translate(lower($${params.length}), 'áàâãäéêèíóôõöúüç', 'aaaaaeeeiooooouuc')`);
  }
  if (filter.active !== undefined) {
    params.push(filter.active);
    conditions.push(`active = $${params.length}`);
  }
  const where = conditions.length > 0 ? `where ${conditions.join(" and ")}` : "";
  const { clause, params: pageParams } = orderAndPage(
    page,
    { id: "id", name: "name", active: "active" },
    "id asc",
    params.length + 1,
  );
  const [rows, count] = await Promise.all([
    sql.query(`select id, name, active from catalog_levels ${where} ${clause}`, [...params, ...pageParams]),
    sql.query<{ total: string }>(`select count(*) as total from catalog_levels ${where}`, params),
  ]);
  return { items: rows.rows.map(toLevel), total: Number(count.rows[0]?.total ?? 0) };
};

export const findLevel = async (sql: Sql, id: number): Promise<LevelRow | undefined> => {
  const { rows } = await sql.query("select id, name, active from catalog_levels where id = $1", [id]);
  return rows[0] ? toLevel(rows[0]) : undefined;
};
