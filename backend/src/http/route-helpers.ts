import type { Page, PageRequest } from "@el/projections/catalog/index";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CommandContext } from "../commands/execute";

export const pageOf = (query: PageRequest): PageRequest => ({ page: query.page, size: query.size, sort: query.sort });

export const sendPage = <Row, Item>(reply: FastifyReply, page: Page<Row>, toItem: (row: Row) => Item) =>
  reply.header("X-Total-Count", String(page.total)).send(page.items.map(toItem));

export const contextOf = (request: FastifyRequest): CommandContext & { by: string } => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
  by: request.currentUser.login,
});
