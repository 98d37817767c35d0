import { notFound, stateFrom } from "@el/domain";
import { CatalogIdParams } from "@el/domain/catalog/catalog-views";
import {
  levelDecider,
  levelStreams,
  TrailBody,
  type TrailCommand,
  TrailListQuery,
  type TrailMaterialView,
  TrailView,
  trailDecider,
  trailErrors,
  trailStreams,
} from "@el/domain/catalog/index";
import {
  findTrail,
  listActiveMaterials,
  listTrails,
  type MaterialRow,
  type TrailRow,
} from "@el/projections/catalog/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeCommand, executeOnStreams } from "../../commands/execute";
import { readBack } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { entityWriteRoutes } from "../../http/entity-writes";
import { NoBody } from "../../http/responses";
import { contextOf } from "../../http/route-helpers";

const materialView = (material: MaterialRow): TrailMaterialView => ({
  id: material.id,
  className: material.className,
  classNumber: material.classNumber,
  fileContentType: material.fileContentType,
});

const trailView = (trail: TrailRow, materials?: MaterialRow[]): TrailView => ({
  id: trail.id,
  number: trail.number,
  title: trail.title,
  content: trail.content,
  application: trail.application,
  techniques: trail.techniques,
  level: trail.level,
  ...(materials
    ? {
        materials: materials
          .filter((material) => material.level.id === trail.level.id && material.classNumber === trail.number)
          .map(materialView),
      }
    : {}),
});

/**
 * Trails, for signed-in students, teachers and administrators; only administrators change them. A
 * trail lists the active materials of its class (same level, class number = trail number) unless
 * `?materials=false`.
 */
export const trailsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const current = async (id: number) => {
    const trail = await findTrail(app.db, id);
    if (!trail) throw notFound(trailErrors.notFound);
    return trail;
  };

  /** Decides on the trail with the level it is to belong to, read from the level's own stream. */
  const save = async (
    id: number,
    body: z.output<typeof TrailBody>,
    request: Parameters<typeof contextOf>[0],
    type: "CreateTrail" | "ReviseTrail",
  ) => {
    const trailStream = trailStreams.id(id);
    const levelStream = levelStreams.id(body.level);
    const { id: _, level: levelId, ...fields } = body;
    const committed = await executeOnStreams(
      app,
      [trailStream, levelStream],
      (histories) => {
        const level = stateFrom(levelDecider, levelStreams.history(histories, body.level));
        const trail = stateFrom(trailDecider, trailStreams.history(histories, id));
        const command: TrailCommand =
          type === "CreateTrail" ? { type, id, ...fields, levelId, level } : { type, ...fields, levelId, level };
        return { appends: [{ streamId: trailStream, events: trailDecider.decide(command, trail) }], result: null };
      },
      contextOf(request),
    );
    return readBack(committed, `/api/trails/${id}`, async () =>
      trailView(await current(id), await listActiveMaterials(app.db)),
    );
  };

  app.get(
    "/api/trails",
    {
      config: { roles: "authenticated" },
      schema: {
        querystring: TrailListQuery,
        response: { 200: z.array(TrailView) },
      },
    },
    async (request, reply) => {
      const trails = await listTrails(app.db, { levelId: request.query.level });
      const materials = request.query.materials ? await listActiveMaterials(app.db) : undefined;
      return reply
        .header("X-Total-Count", String(trails.length))
        .send(trails.map((trail) => trailView(trail, materials)));
    },
  );

  app.get(
    "/api/trails/:id",
    { config: { roles: "authenticated" }, schema: { params: CatalogIdParams, response: { 200: TrailView } } },
    async (request) => trailView(await current(request.params.id), await listActiveMaterials(app.db)),
  );

  entityWriteRoutes(app, {
    path: "/api/trails",
    config: { roles: ["ROLE_ADMIN"] },
    params: CatalogIdParams,
    body: TrailBody,
    view: TrailView,
    alerts: { created: "catalog.trail.created", updated: "catalog.trail.updated" },
    create: (id, body, request) => save(id, body, request, "CreateTrail"),
    update: (id, body, request) => save(id, body, request, "ReviseTrail"),
  });

  app.delete(
    "/api/trails/:id",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { params: CatalogIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      await executeCommand(
        app,
        { streams: trailStreams, key: id },
        trailDecider,
        { type: "RemoveTrail", by: context.by },
        context,
      );
      return alert(reply.code(204), "catalog.trail.deleted", id).send();
    },
  );
};
