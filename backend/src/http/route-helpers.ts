import type { Page, PageRequest } from "@el/projections/catalog/index";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { CommandContext } from "../commands/execute";

/** `page` (zero-based), `size` and `sort=field,asc|desc` (repeatable), as every list of the API takes them. */
export const pageQuery = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100_000).default(20),
  sort: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((sort) => (sort === undefined ? undefined : Array.isArray(sort) ? sort : [sort])),
};

export const pageOf = (query: PageRequest): PageRequest => ({ page: query.page, size: query.size, sort: query.sort });

/** A query-string flag: `true`/`false`; anything else is a 400. */
export const flag = z.enum(["true", "false"]).transform((value) => value === "true");

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const sendPage = <Row, Item>(reply: FastifyReply, page: Page<Row>, toItem: (row: Row) => Item) =>
  reply.header("X-Total-Count", String(page.total)).send(page.items.map(toItem));

export const contextOf = (request: FastifyRequest): CommandContext & { by: string } => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
  by: request.currentUser.login,
});
