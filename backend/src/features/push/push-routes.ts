import { invalid, notFound } from "@el/domain";
import {
  PushPreferencesBody,
  PushPreferencesView,
  PushPublicKeyView,
  type PushSettingCommand,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  pushEndpointProblem,
  pushErrors,
  pushSettingStreams,
  pushSettingsDecider,
} from "@el/domain/push/index";
import { findUserById } from "@el/projections/accounts/users/index";
import { pushPreferencesOf, pushSubscriptionsOf } from "@el/projections/push/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { executeCommand } from "../../commands/execute";
import { NoBody } from "../../http/responses";
import { vapidKeysOf } from "./vapid-keys";

const PEOPLE = { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] as const };

/**
 * A student's or teacher's phone notifications: the key a browser subscribes with, their browsers'
 * subscriptions, and the kinds they turned off.
 */
export const pushRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const execute = (request: FastifyRequest, command: PushSettingCommand) =>
    executeCommand(app, { streams: pushSettingStreams, key: request.currentUser.id }, pushSettingsDecider, command, {
      userId: String(request.currentUser.id),
      correlationId: request.id,
    });
  /** The account stream whose key seals the subscription. */
  const accountOf = async (request: FastifyRequest) => {
    const user = await findUserById(app.db, request.currentUser.id);
    if (!user) throw notFound();
    return user.streamId;
  };
  /** Only the browsers' push services: the server posts to the endpoint, which must not reach anything else. */
  const checked = (endpoint: string) => {
    const problem = pushEndpointProblem(endpoint, app.config.pushEndpointHosts);
    if (problem === "insecure") throw invalid(pushErrors.insecureEndpoint, "endpoint");
    if (problem === "unknownService") throw invalid(pushErrors.unknownService, "endpoint");
    return endpoint;
  };
  const preferences = async (userId: number) => ({
    off: await pushPreferencesOf(app.db, userId),
    subscriptions: (await pushSubscriptionsOf(app.db, userId)).length,
  });

  app.get("/api/push/public-key", { config: PEOPLE, schema: { response: { 200: PushPublicKeyView } } }, async () => ({
    publicKey: (await vapidKeysOf(app.config)).publicKey,
  }));

  app.post(
    "/api/push/subscriptions",
    { config: PEOPLE, schema: { body: PushSubscriptionBody, response: { 204: NoBody } } },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      await execute(request, {
        type: "Subscribe",
        account: await accountOf(request),
        endpoint: checked(endpoint),
        p256dh: keys.p256dh,
        auth: keys.auth,
        now: app.clock.now(),
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/api/push/subscriptions",
    { config: PEOPLE, schema: { body: PushUnsubscribeBody, response: { 204: NoBody } } },
    async (request, reply) => {
      await execute(request, {
        type: "Unsubscribe",
        account: await accountOf(request),
        endpoint: request.body.endpoint,
        now: app.clock.now(),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/push/preferences",
    { config: PEOPLE, schema: { response: { 200: PushPreferencesView } } },
    async (request) => preferences(request.currentUser.id),
  );

  app.put(
    "/api/push/preferences",
    { config: PEOPLE, schema: { body: PushPreferencesBody, response: { 200: PushPreferencesView } } },
    async (request) => {
      await execute(request, { type: "SetPushPreferences", off: request.body.off });
      return preferences(request.currentUser.id);
    },
  );
};
