import { invalid } from "@el/domain";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { PendingAnswer, type ReadBack, sendPending } from "../commands/read-back";
import { alert } from "./alert";

export interface EntityWrites<Body extends { id?: number | null }, View> {
  /** The collection, e.g. `/api/trails`; an entity is `{path}/{id}`. */
  path: string;
  /** Who may write, as every route says it (`config.roles`). */
  config: FastifyContextConfig;
  /** `{ id }` of the path: the resource's own bounds. */
  params: z.ZodType<{ id: number }, unknown>;
  body: z.ZodType<Body, unknown>;
  view: z.ZodType<View, unknown>;
  /** The `X-app-alert` keys of a creation and of an update. */
  alerts: { created: string; updated: string };
  /** Stores a new entity under the id just drawn and reads it back. */
  create: (id: number, body: Body, request: FastifyRequest) => Promise<ReadBack<View>>;
  /** Stores the change of entity `id` and reads it back. */
  update: (id: number, body: Body, request: FastifyRequest) => Promise<ReadBack<View>>;
}

/**
 * The three writes every administered entity answers alike: `POST {path}` creates one (an id in the body is
 * refused: `error.idexists`); `PUT {path}` changes the one the body names (none named: `error.idnull`); `PUT
 * {path}/{id}` the one the path names (another id in the body: `error.idinvalid`). Each answers the entity as
 * the read models show it with its alert, a creation with 201 and its `Location`, or 202 and where to read it
 * while they do not show it yet.
 */
export const entityWriteRoutes = <Body extends { id?: number | null }, View>(
  app: FastifyInstance,
  writes: EntityWrites<Body, View>,
) => {
  const { path, config, params, body, view, alerts } = writes;

  // Fastify's route types cannot follow a schema whose type is a parameter, so the body is named here once;
  // the route's schema has validated it before any handler runs.
  const bodyOf = (request: FastifyRequest) => request.body as Body;

  app.post(path, { config, schema: { body, response: { 201: view, 202: PendingAnswer } } }, async (request, reply) => {
    if (bodyOf(request).id) throw invalid("error.idexists", "id");
    const id = await app.nextId();
    const created = await writes.create(id, bodyOf(request), request);
    if (!created.projected) return sendPending(alert(reply, alerts.created, id), created);
    return alert(reply.code(201).header("Location", `${path}/${id}`), alerts.created, id).send(created.view);
  });

  const update = async (id: number, request: FastifyRequest, reply: FastifyReply) => {
    const updated = await writes.update(id, bodyOf(request), request);
    if (!updated.projected) return sendPending(alert(reply, alerts.updated, id), updated);
    return alert(reply, alerts.updated, id).send(updated.view);
  };

  app.put(path, { config, schema: { body, response: { 200: view, 202: PendingAnswer } } }, async (request, reply) => {
    const { id } = bodyOf(request);
    if (!id) throw invalid("error.idnull", "id");
    return update(id, request, reply);
  });

  app.put<{ Params: { id: number } }>(
    `${path}/:id`,
    { config, schema: { params, body, response: { 200: view, 202: PendingAnswer } } },
    async (request, reply) => {
      const { id } = request.params;
      const named = bodyOf(request).id;
      if (named && named !== id) throw invalid("error.idinvalid", "id");
      return update(id, request, reply);
    },
  );
};
