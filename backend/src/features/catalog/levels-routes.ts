import { notFound } from "@el/domain";
import { CatalogIdParams } from "@el/domain/catalog/catalog-views";
import {
  LevelBody,
  type LevelCommand,
  LevelListQuery,
  LevelSearchQuery,
  LevelView,
  levelDecider,
  levelErrors,
  levelStreams,
} from "@el/domain/catalog/index";
import { findLevel, type LevelRow, listLevels } from "@el/projections/catalog/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeCommand } from "../../commands/execute";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { entityWriteRoutes } from "../../http/entity-writes";
import { NoBody } from "../../http/responses";
import { contextOf, pageOf, sendPage } from "../../http/route-helpers";

const levelView = ({ id, name, active }: LevelRow): LevelView => ({ id, name, active });

/**
 * Levels. Reading is public: registration and the landing page offer the active ones
 * (`GET /api/levels?active=true`) before anyone signs in. Writing is for administrators; the active
 * toggle is `PUT /api/levels/{id}/toggle`, and `DELETE` deactivates, because trails, materials and
 * lessons keep pointing at a level.
 */
export const levelsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const current = async (id: number) => {
    const level = await findLevel(app.db, id);
    if (!level) throw notFound(levelErrors.notFound);
    return levelView(level);
  };

  const run = async (id: number, command: LevelCommand, context: ReturnType<typeof contextOf>) =>
    readBack(
      await executeCommand(app, { streams: levelStreams, key: id }, levelDecider, command, context),
      `/api/levels/${id}`,
      () => current(id),
    );

  app.get(
    "/api/levels",
    {
      schema: {
        querystring: LevelListQuery,
        response: { 200: z.array(LevelView) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listLevels(app.db, { active: request.query.active }, pageOf(request.query)), levelView),
  );

  app.get(
    "/api/_search/levels",
    {
      schema: {
        querystring: LevelSearchQuery,
        response: { 200: z.array(LevelView) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listLevels(app.db, { query: request.query.query, active: request.query.active }, pageOf(request.query)),
        levelView,
      ),
  );

  app.get("/api/levels/:id", { schema: { params: CatalogIdParams, response: { 200: LevelView } } }, async (request) =>
    current(request.params.id),
  );

  entityWriteRoutes(app, {
    path: "/api/levels",
    config: { roles: ["ROLE_ADMIN"] },
    params: CatalogIdParams,
    body: LevelBody,
    view: LevelView,
    alerts: { created: "catalog.level.created", updated: "catalog.level.updated" },
    create: (id, body, request) =>
      run(id, { type: "CreateLevel", id, name: body.name, active: body.active }, contextOf(request)),
    update: (id, body, request) => {
      const context = contextOf(request);
      return run(id, { type: "UpdateLevel", name: body.name, active: body.active, by: context.by }, context);
    },
  });

  app.put(
    "/api/levels/:id/toggle",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: CatalogIdParams, response: { 200: LevelView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      const committed = await executeCommand(
        app,
        { streams: levelStreams, key: id },
        levelDecider,
        { type: "ToggleLevel", by: context.by },
        context,
      );
      // Which way it went is what was decided, so a 202 tells it as well as a 200.
      const activated = committed.result.some((event) => event.type === "LevelActivated");
      alert(reply, activated ? "catalog.level.activated" : "catalog.level.deactivated", id);
      const toggled = await readBack(committed, `/api/levels/${id}`, () => current(id));
      if (!toggled.projected) return sendPending(reply, toggled);
      return reply.send(toggled.view);
    },
  );

  app.delete(
    "/api/levels/:id",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { params: CatalogIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      await run(id, { type: "DeactivateLevel", by: context.by }, context);
      return alert(reply.code(204), "catalog.level.deactivated", id).send();
    },
  );
};
