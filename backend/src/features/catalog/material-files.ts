import { createHash } from "node:crypto";
import type { MaterialFile } from "@el/domain/catalog/index";
import type { Sql } from "@el/projections";

/**
 * Where material files' bytes live: a table keyed by their SHA-256, written once and never changed.
 * Events carry only the digest, so the event store stays small, every backend instance sharing the
 * database serves the same files, and rebuilding a read model never touches them. It is not a read
 * model: nothing here is derived from events, and a rebuild must not drop it. Its table: migrations/app-tables.ts.
 */

/** Decodes a JHipster-style base64 body field (a `data:…;base64,` prefix is tolerated). */
export const decodeFile = (base64: string, contentType: string): { file: MaterialFile; bytes: Buffer } => {
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ""), "base64");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { bytes, file: { sha256, size: bytes.length, contentType } };
};

export const storeMaterialFile = async (sql: Sql, sha256: string, bytes: Buffer) => {
  await sql.query("insert into catalog_material_files (sha256, content) values ($1, $2) on conflict do nothing", [
    sha256,
    bytes,
  ]);
};

export const readMaterialFile = async (sql: Sql, sha256: string): Promise<Buffer | undefined> => {
  const { rows } = await sql.query<{ content: Uint8Array }>(
    "select content from catalog_material_files where sha256 = $1",
    [sha256],
  );
  return rows[0] ? Buffer.from(rows[0].content) : undefined;
};
