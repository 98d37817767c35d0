import { z } from "zod";
import { PageQuery, QueryFlag } from "../shared/page-query";
import { CATALOG_ID_MAX, EntityReference } from "./catalog-views";
import { TrailFields } from "./trail";

/**
 * The catalogue's requests besides the level, material and credit bodies that sit beside their views
 * (catalog-views.ts): the trail and package bodies, and the lists' queries.
 */

/** `GET /api/levels`. */
export const LevelListQuery = z.object({ ...PageQuery.shape, active: QueryFlag.optional() });
export type LevelListQuery = z.input<typeof LevelListQuery>;

/** `GET /api/_search/levels`. */
export const LevelSearchQuery = z.object({
  ...PageQuery.shape,
  query: z.string().max(100).default(""),
  active: QueryFlag.optional(),
});
export type LevelSearchQuery = z.input<typeof LevelSearchQuery>;

/** `POST`/`PUT api/trails`: `id` only when updating; the level as `{ id }` or the bare id. */
export const TrailBody = TrailFields.omit({ levelId: true }).extend({
  id: z.number().int().positive().nullish(),
  content: TrailFields.shape.content.default(""),
  application: TrailFields.shape.application.default(""),
  techniques: TrailFields.shape.techniques.default(""),
  level: EntityReference,
});
export type TrailBody = z.input<typeof TrailBody>;

/** `GET /api/trails`: with their materials unless `materials=false`, of one level when `level` is given. */
export const TrailListQuery = z.object({
  materials: QueryFlag.default(true),
  level: z.coerce.number().int().positive().max(CATALOG_ID_MAX).optional(),
});
export type TrailListQuery = z.input<typeof TrailListQuery>;

/** `GET /api/materials`: `all` includes the inactive ones (administrators). */
export const MaterialListQuery = z.object({
  ...PageQuery.shape,
  query: z.string().max(200).optional(),
  all: QueryFlag.default(false),
});
export type MaterialListQuery = z.input<typeof MaterialListQuery>;

/** `POST`/`PUT api/item-packages`: `id` only when updating. */
export const ItemPackageBody = z.object({
  id: z.number().int().positive().nullish(),
  amount: z.number().int().min(1).max(1000),
  /** Price in reais (47, 180.5); kept as centavos. */
  value: z.number().positive().max(1_000_000),
});
export type ItemPackageBody = z.input<typeof ItemPackageBody>;

/** `POST api/users/{login}/credits`: the account named by its login. */
export const CreditGrantParams = z.object({ login: z.string().min(1).max(254) });
export type CreditGrantParams = z.input<typeof CreditGrantParams>;
