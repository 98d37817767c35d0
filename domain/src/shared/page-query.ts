import { z } from "zod";

/** A record named in the path by a positive id (`/api/purchases/{id}`, `/api/levels/{id}`). */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type IdParams = z.input<typeof IdParams>;

/** A query-string flag: `true`/`false`; anything else is a 400. */
export const QueryFlag = z.enum(["true", "false"]).transform((value) => value === "true");
export type QueryFlag = z.input<typeof QueryFlag>;

/**
 * `page` (zero-based), `size` and `sort=field,asc|desc` (repeatable), as a list whose read model orders
 * only by the fields it knows takes them (an unknown field is left out, not refused).
 */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100_000).default(20),
  sort: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((sort) => (sort === undefined ? undefined : Array.isArray(sort) ? sort : [sort])),
});
export type PageQuery = z.input<typeof PageQuery>;

/**
 * JHipster-style list parameters: `page` (zero-based), `size`, and `sort=field,asc|desc` (repeatable),
 * with `field` one of the list's own sortable names, which the caller passes (its read model knows
 * them). Anything else is a 400 with the parameter named.
 */
export const pagingQuery = <Field extends string>(fields: readonly [Field, ...Field[]], defaultSize = 20) =>
  z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    size: z.coerce.number().int().min(1).max(100_000).default(defaultSize),
    sort: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((sort) => (sort === undefined ? [] : Array.isArray(sort) ? sort : [sort]))
      .pipe(z.array(z.string().regex(new RegExp(`^(${fields.join("|")})(,(asc|desc))?$`), "error.sort")))
      .transform((sorts) =>
        sorts.map((sort) => {
          const [field, direction] = sort.split(",");
          return { field: field as Field, direction: direction === "desc" ? ("desc" as const) : ("asc" as const) };
        }),
      ),
  });

/** A record named in the path by a positive id that JavaScript's numbers hold exactly. */
export const SafeIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type SafeIdParams = z.input<typeof SafeIdParams>;
