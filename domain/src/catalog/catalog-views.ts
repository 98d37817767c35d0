import { z } from "zod";
import { LevelName } from "./level";
import { MaterialFields } from "./material";

/**
 * What the catalogue routes answer and the bodies the web app sends them, declared once: the backend's
 * route schemas and the web app's parsing and requests use these. The landing page takes only their types
 * (`import type`), so zod stays out of a first visit's download.
 */

/** `api/levels…`: a level as read. */
export const LevelView = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type LevelView = z.infer<typeof LevelView>;

/** An active material of a trail's class, as the trail lists it; the file is `api/materials/{id}/download`. */
export const TrailMaterialView = z.object({
  id: z.number().int(),
  className: z.string(),
  classNumber: z.number().int(),
  fileContentType: z.string(),
});
export type TrailMaterialView = z.infer<typeof TrailMaterialView>;

/** `api/trails…`: a trail as read; `materials` unless the list was asked without them (`?materials=false`). */
export const TrailView = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  content: z.string(),
  application: z.string(),
  techniques: z.string(),
  /** The name is null while the level is not in the read model. */
  level: z.object({ id: z.number().int(), name: z.string().nullable() }),
  materials: z.array(TrailMaterialView).optional(),
});
export type TrailView = z.infer<typeof TrailView>;

/** `api/materials…`: a material as read; the file itself is `api/materials/{id}/download`. */
export const MaterialView = z.object({
  id: z.number().int(),
  /** Name and active flag are null while the level is not in the read model. */
  level: z.object({ id: z.number().int(), name: z.string().nullable(), active: z.boolean().nullable() }),
  className: z.string(),
  classNumber: z.number().int(),
  fileContentType: z.string(),
  fileSize: z.number().int(),
  active: z.boolean(),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
});
export type MaterialView = z.infer<typeof MaterialView>;

/** `api/item-packages…`: a lesson pack, `amount` lessons for `value` reais (kept as centavos). */
export const ItemPackageView = z.object({ id: z.number().int(), amount: z.number().int(), value: z.number() });
export type ItemPackageView = z.infer<typeof ItemPackageView>;

/** `POST api/users/{login}/credits`: the lesson credits the student has after the grant. */
export const CreditBalanceView = z.object({ balance: z.number().int() });
export type CreditBalanceView = z.infer<typeof CreditBalanceView>;

/** A reference to another entity as the web app sends it: `{ id }` or the bare id. */
/** The largest level, trail or package id: their tables keep it as a 32-bit `int`, so a larger one names none. */
export const CATALOG_ID_MAX = 2_147_483_647;
export const CatalogId = z.number().int().positive().max(CATALOG_ID_MAX);
/** A level, trail, material or package named in the path (`/api/levels/{id}`): a larger one is refused (400). */
export const CatalogIdParams = z.object({ id: z.coerce.number().int().positive().max(CATALOG_ID_MAX) });
export type CatalogIdParams = z.input<typeof CatalogIdParams>;

export const EntityReference = z.union([CatalogId, z.object({ id: CatalogId }).transform(({ id }) => id)]);

/** `POST`/`PUT api/levels`: `id` only when updating. */
export const LevelBody = z.object({
  id: z.number().int().positive().nullish(),
  name: LevelName,
  active: z.boolean().default(true),
});
export type LevelBody = z.infer<typeof LevelBody>;

const base64 = z
  .string()
  .regex(/^(data:[^,]*,)?[A-Za-z0-9+/=\s]*$/, "error.material.base64")
  .min(1);

/** `POST`/`PUT api/materials`: the file in base64 (JHipster's byte[] field), optional when editing. */
export const MaterialBody = MaterialFields.omit({ levelId: true }).extend({
  id: z.number().int().positive().nullish(),
  level: EntityReference,
  file: base64.nullish(),
  fileContentType: z.string().min(1).max(200).nullish(),
  active: z.boolean().default(true),
});
export type MaterialBody = z.infer<typeof MaterialBody>;

/** `POST api/users/{login}/credits`: courtesy lessons, support cases. */
export const CreditGrantBody = z.object({
  amount: z.number().int().min(1).max(1000),
  reason: z.string().trim().max(500).optional(),
});
export type CreditGrantBody = z.infer<typeof CreditGrantBody>;
