import { createHash } from "node:crypto";
import type { RecordedEvent } from "@el/domain";
import { DomainError, invalid } from "@el/domain";
import { checkTeacherPhoto, type TeacherPhotoSize, teacherProfileErrors } from "@el/domain/accounts/teacher-profile";
import type { Sql } from "@el/projections";

interface EventReader {
  readStream(streamId: string): Promise<RecordedEvent[]>;
}

import sharp from "sharp";

/**
 * Where teacher photos' images live: a table keyed by the SHA-256 of the uploaded file, with the two sizes
 * the screens show, written once and never changed. Events carry only the digest (the event store stays
 * small, and a rebuild never touches the images). Not a read model: a rebuild must not drop it. Its table:
 * migrations/app-tables.ts.
 */

/** The served format: WebP, which every browser we support reads, about a third smaller than JPEG. */
export const TEACHER_PHOTO_TYPE = "image/webp";

/** A square crop of the face area (the centre), at `size` pixels, without the camera's metadata (location…). */
const resized = (bytes: Buffer, size: TeacherPhotoSize) =>
  sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size, size, { fit: "cover", position: "attention" })
    .webp({ quality: 82 })
    .toBuffer();

export interface ResizedPhoto {
  sha256: string;
  large: Buffer;
  small: Buffer;
}

/**
 * Decodes a JHipster-style base64 upload, checks its type and size, and resizes it to 256 and 64 px. A file
 * that is no image of its declared type is refused with a message, never a 500.
 */
export const resizeTeacherPhoto = async (base64: string, contentType: string): Promise<ResizedPhoto> => {
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ""), "base64");
  checkTeacherPhoto({ contentType, size: bytes.length });
  const format = contentType.replace("image/", "");
  try {
    const { format: actual } = await sharp(bytes).metadata();
    if (actual !== format) throw invalid(teacherProfileErrors.photoType, "photo");
    const [large, small] = await Promise.all([resized(bytes, 256), resized(bytes, 64)]);
    return { sha256: createHash("sha256").update(bytes).digest("hex"), large, small };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(teacherProfileErrors.photoUnreadable, "photo");
  }
};

export const storeTeacherPhoto = async (sql: Sql, photo: ResizedPhoto) => {
  await sql.query(
    "insert into teacher_photos (sha256, large, small) values ($1, $2, $3) on conflict (sha256) do nothing",
    [photo.sha256, photo.large, photo.small],
  );
};

/** The digests of every photo a teacher's account stream ever named, the earliest first, each once. */
export const photosNamedBy = (events: readonly RecordedEvent[]) => [
  ...new Set(
    events.flatMap((event) => (event.type === "TeacherPhotoChanged" ? [(event.data as { photo: string }).photo] : [])),
  ),
];

/**
 * Erasing a teacher (LGPD) deletes every photo they ever uploaded: their events keep only digests, which
 * then name nothing. A digest two teachers share (the same file) is deleted too: only its owners named it.
 */
export const eraseTeacherPhotos = async (app: { db: Sql; eventStore: EventReader }, streamId: string) => {
  const photos = photosNamedBy(await app.eventStore.readStream(streamId));
  if (photos.length > 0) await app.db.query("delete from teacher_photos where sha256 = any($1::text[])", [photos]);
};

/** The stored images of these digests, in their order; a digest whose images are gone is skipped. */
export const readTeacherPhotos = async (sql: Sql, photos: readonly string[]): Promise<ResizedPhoto[]> => {
  if (photos.length === 0) return [];
  const { rows } = await sql.query<{ sha256: string; large: Uint8Array; small: Uint8Array }>(
    "select sha256, large, small from teacher_photos where sha256 = any($1::text[])",
    [photos],
  );
  const stored = new Map(rows.map((row) => [row.sha256, row]));
  return photos.flatMap((sha256) => {
    const row = stored.get(sha256);
    return row ? [{ sha256, large: Buffer.from(row.large), small: Buffer.from(row.small) }] : [];
  });
};

export const readTeacherPhoto = async (
  sql: Sql,
  sha256: string,
  size: TeacherPhotoSize,
): Promise<Buffer | undefined> => {
  const { rows } = await sql.query<{ image: Uint8Array }>(
    `select ${size === 256 ? "large" : "small"} as image from teacher_photos where sha256 = $1`,
    [sha256],
  );
  return rows[0] ? Buffer.from(rows[0].image) : undefined;
};
