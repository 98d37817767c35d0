import { notFound } from "@el/domain";
import { ReplayIdParams } from "@el/domain/audit/audit-requests";
import { ReplayableProjections, ReplayList, ReplayView, StartReplayBody } from "@el/domain/audit/replays";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { alert } from "../../http/alert";
import { NoBody } from "../../http/responses";
import type { Replays } from "../../projection-runner/replays";

/** Auditors replay; administrators pass every auditor check too. A replay changes no business data. */
const AUDITORS = { roles: ["ROLE_AUDITOR", "ROLE_ADMIN"] as const };

/**
 * `POST /api/audit/replays { projection, at }` answers 202 at once with the replay (status `running`) and a
 * `Location` to follow it; its progress is pushed to `role:auditor` as `replay:progress`. Once `done`, the
 * read endpoints answer from it with `replay=<id>` (see lesson-control-routes.ts).
 */
export const replayRoutes = async (root: FastifyInstance, { replays }: { replays: Replays }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/audit/replays/projections",
    { config: AUDITORS, schema: { response: { 200: ReplayableProjections } } },
    async () => replays.projections(),
  );

  app.post(
    "/api/audit/replays",
    { config: AUDITORS, schema: { body: StartReplayBody, response: { 202: ReplayView } } },
    async (request, reply) => {
      const replay = await replays.start(
        request.body.projection,
        new Date(request.body.at),
        String(request.currentUser.id),
      );
      return alert(
        reply.code(202).header("Location", `/api/audit/replays/${replay.id}`),
        "audit.replays.started",
        replay.id,
      ).send(replay);
    },
  );

  app.get(
    "/api/audit/replays",
    { config: AUDITORS, schema: { response: { 200: ReplayList } } },
    async (_request, reply) => {
      const list = await replays.list();
      return reply.header("X-Total-Count", String(list.length)).send(list);
    },
  );

  app.get(
    "/api/audit/replays/:id",
    { config: AUDITORS, schema: { params: ReplayIdParams, response: { 200: ReplayView } } },
    async (request) => {
      const replay = await replays.get(request.params.id);
      if (!replay) throw notFound();
      return replay;
    },
  );

  app.delete(
    "/api/audit/replays/:id",
    { config: AUDITORS, schema: { params: ReplayIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const removed = await replays.remove(request.params.id);
      if (!removed) throw notFound();
      return alert(reply.code(204), "audit.replays.deleted", removed.id).send();
    },
  );
};
