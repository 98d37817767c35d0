import { materialStreams } from "@el/domain/catalog/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";
import { orderAndPage, type Page, type PageRequest } from "./paging";

/**
 * Read model `catalog_materials`: teaching files by level and class number (the trail with that number).
 * The bytes are not here: `file_sha256` names them in the material file store.
 */

export interface MaterialRow {
  id: number;
  level: { id: number; name: string | null; active: boolean | null };
  className: string;
  classNumber: number;
  fileContentType: string;
  fileSize: number;
  fileSha256: string;
  active: boolean;
  createdDate: string;
  lastModifiedDate: string;
}

export const catalogMaterialsProjector: Projector = {
  name: "catalog_materials",
  handles: ["MaterialUploaded", "MaterialRevised", "MaterialFileReplaced", "MaterialActivated", "MaterialDeactivated"],
  tables: ["catalog_materials"],
  migrate: readModelMigrations("catalog_materials", [
    {
      name: "001-catalog-materials",
      sql: `create table if not exists catalog_materials (
      id int primary key,
      level_id int not null,
      class_name text not null,
      class_number int not null,
      file_sha256 text not null,
      file_content_type text not null,
      file_size int not null,
      active boolean not null,
      created_date timestamptz not null,
      last_modified_date timestamptz not null
    );
    create index if not exists catalog_materials_class on catalog_materials (level_id, class_number)`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = materialStreams.event(recorded);
    // Only the upload carries the id; later events name the material by their stream.
    const id = event.type === "MaterialUploaded" ? event.data.id : materialStreams.parse(event.streamId);
    const at = recorded.recordedAt.toISOString();
    switch (event.type) {
      case "MaterialUploaded": {
        const { levelId, className, classNumber, file } = event.data;
        await tx.query(
          `insert into catalog_materials (id, level_id, class_name, class_number, file_sha256, file_content_type,
             file_size, active, created_date, last_modified_date)
           values ($1, $2, $3, $4, $5, $6, $7, true, $8, $8) on conflict (id) do nothing`,
          [id, levelId, className, classNumber, file.sha256, file.contentType, file.size, at],
        );
        return;
      }
      case "MaterialRevised": {
        const { levelId, className, classNumber } = event.data;
        await tx.query(
          `update catalog_materials set level_id = $2, class_name = $3, class_number = $4, last_modified_date = $5
           where id = $1`,
          [id, levelId, className, classNumber, at],
        );
        return;
      }
      case "MaterialFileReplaced": {
        const { file } = event.data;
        await tx.query(
          `update catalog_materials set file_sha256 = $2, file_content_type = $3, file_size = $4,
             last_modified_date = $5 where id = $1`,
          [id, file.sha256, file.contentType, file.size, at],
        );
        return;
      }
      case "MaterialActivated":
      case "MaterialDeactivated":
        await tx.query("update catalog_materials set active = $2, last_modified_date = $3 where id = $1", [
          id,
          event.type === "MaterialActivated",
          at,
        ]);
        return;
    }
  }),
};

const toMaterial = (row: Record<string, unknown>): MaterialRow => ({
  id: Number(row.id),
  level: {
    id: Number(row.level_id),
    name: (row.level_name as string | null) ?? null,
    active: (row.level_active as boolean | null) ?? null,
  },
  className: String(row.class_name),
  classNumber: Number(row.class_number),
  fileContentType: String(row.file_content_type),
  fileSize: Number(row.file_size),
  fileSha256: String(row.file_sha256),
  active: Boolean(row.active),
  createdDate: new Date(row.created_date as string).toISOString(),
  lastModifiedDate: new Date(row.last_modified_date as string).toISOString(),
});

const select = `select m.id, m.level_id, m.class_name, m.class_number, m.file_sha256, m.file_content_type,
  m.file_size, m.active, m.created_date, m.last_modified_date, l.name as level_name, l.active as level_active
  from catalog_materials m left join catalog_levels l on l.id = m.level_id`;

/** Materials whose class name or level name contains `query`; inactive ones only when `all`. */
export const listMaterials = async (
  sql: Sql,
  filter: { query?: string; all: boolean },
  page: PageRequest,
): Promise<Page<MaterialRow>> => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.query?.trim()) {
    params.push(`%${filter.query.trim().toLowerCase()}%`);
    conditions.push(`(lower(m.class_name) like $${params.length} or lower(l.name) like $${params.length})`);
  }
  if (!filter.all) conditions.push("m.active");
  const where = conditions.length > 0 ? `where ${conditions.join(" and ")}` : "";
  const { clause, params: pageParams } = orderAndPage(
    page,
    {
      id: "m.id",
      className: "m.class_name",
      classNumber: "m.class_number",
      level: "l.name",
      active: "m.active",
      createdDate: "m.created_date",
    },
    "m.level_id asc, m.class_number asc",
    params.length + 1,
    "m.id",
  );
  const [rows, count] = await Promise.all([
    sql.query(`${select} ${where} ${clause}`, [...params, ...pageParams]),
    sql.query<{ total: string }>(
      `select count(*) as total from catalog_materials m left join catalog_levels l on l.id = m.level_id ${where}`,
      params,
    ),
  ]);
  return { items: rows.rows.map(toMaterial), total: Number(count.rows[0]?.total ?? 0) };
};

export const findMaterial = async (sql: Sql, id: number): Promise<MaterialRow | undefined> => {
  const { rows } = await sql.query(`${select} where m.id = $1`, [id]);
  return rows[0] ? toMaterial(rows[0]) : undefined;
};

/** The active materials of each class, for showing them with their trails. */
export const listActiveMaterials = async (sql: Sql): Promise<MaterialRow[]> => {
  const { rows } = await sql.query(`${select} where m.active order by m.level_id, m.class_number, m.id`);
  return rows.map(toMaterial);
};
