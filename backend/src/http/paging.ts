import { z } from "zod";

/**
 * JHipster-style list parameters: `page` (zero-based), `size`, and `sort=field,asc|desc` (repeatable),
 * with `field` one of the list's own sortable names. Anything else is a 400 with the parameter named.
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

/** Lists answer the page as an array and the full count in `X-Total-Count`. */
export const TOTAL_COUNT = "X-Total-Count";
