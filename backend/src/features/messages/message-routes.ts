import { invalid, notFound } from "@el/domain";
import {
  ConversationCreated,
  ConversationList,
  ConversationParams,
  ConversationReportCreated,
  ConversationSummary,
  MESSAGE_RATE_MAX,
  MESSAGE_RATE_WINDOW_MS,
  MessageSent,
  MessagesPage,
  MessagesQuery,
  messageErrors,
  ReadBody,
  ReportBody,
  ReportedConversations,
  SendMessageBody,
  StartConversationBody,
  UnreadTotal,
} from "@el/domain/messages/message-contracts";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import {
  conversationOf,
  conversationsOf,
  messageSeq,
  messagesPage,
  reportedConversations,
  unreadTotalOf,
} from "@el/projections/messages/index";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { callerOf } from "../../shared/lesson-streams";
import {
  conversationFor,
  markDeliveredCommand,
  markReadCommand,
  recordAdministratorReadCommand,
  reportConversationCommand,
  sendMessageCommand,
  startConversationCommand,
} from "./message-commands";
import { messageRateLimitOptions } from "./message-rate-limit";

const PARTIES = ["ROLE_STUDENT", "ROLE_TEACHER"] as const;

/**
 * Conversations between a student and a teacher who share a lesson, and the administrators' moderation of
 * the reported ones. Every route answers 404 to anyone who is not a party (an administrator: to a
 * conversation nobody reported), whether or not it exists.
 */
export const messageRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Per sender, counted in Redis when the instances share one, else in each process: it only keeps a runaway
  // client or script from flooding a conversation.
  await app.register(rateLimit, messageRateLimitOptions(app));

  app.post(
    "/api/conversations",
    {
      config: { roles: [...PARTIES] },
      schema: { body: StartConversationBody, response: { 200: ConversationCreated, 201: ConversationCreated } },
    },
    async (request, reply) => {
      const { id, created } = await startConversationCommand(app, callerOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    "/api/conversations",
    { config: { roles: [...PARTIES] }, schema: { response: { 200: ConversationList } } },
    async (request) => {
      const user = callerOf(request);
      await markDeliveredCommand(app, user);
      return conversationsOf(app.db, user.id);
    },
  );

  app.get(
    "/api/conversations/unread",
    { config: { roles: [...PARTIES] }, schema: { response: { 200: UnreadTotal } } },
    async (request) => {
      const user = callerOf(request);
      await markDeliveredCommand(app, user);
      return { unread: await unreadTotalOf(app.db, user.id) };
    },
  );

  app.get(
    "/api/conversations/reported",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { response: { 200: ReportedConversations } } },
    async () => reportedConversations(app.db),
  );

  app.get(
    "/api/conversations/:id",
    { config: { roles: [...PARTIES] }, schema: { params: ConversationParams, response: { 200: ConversationSummary } } },
    async (request) => {
      const user = callerOf(request);
      await conversationFor(app, user, request.params.id);
      const summary = await conversationOf(app.db, user.id, request.params.id);
      if (!summary) throw notFound();
      return summary;
    },
  );

  app.get(
    "/api/conversations/:id/messages",
    {
      config: { roles: [...PARTIES, "ROLE_ADMIN"] },
      schema: { params: ConversationParams, querystring: MessagesQuery, response: { 200: MessagesPage } },
    },
    async (request) => {
      const user = callerOf(request);
      const { id } = request.params;
      const conversation = await conversationFor(app, user, id, { asAdministrator: true });
      const { before, size } = request.query;
      const beforeSeq = before === undefined ? undefined : await messageSeq(app.db, id, before);
      if (before !== undefined && beforeSeq === undefined) throw invalid(messageErrors.unknownMessage, "before");
      if (conversation.asAdministrator) await recordAdministratorReadCommand(app, user, id);
      else await markDeliveredCommand(app, user, id);
      return messagesPage(app.db, id, { beforeSeq, size });
    },
  );

  app.post(
    "/api/conversations/:id/messages",
    {
      config: {
        roles: [...PARTIES],
        rateLimit: {
          max: MESSAGE_RATE_MAX,
          timeWindow: MESSAGE_RATE_WINDOW_MS,
          keyGenerator: (request) => `message-sender:${request.currentUser.id}`,
        },
      },
      schema: {
        params: ConversationParams,
        body: SendMessageBody,
        response: { 201: MessageSent, 429: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const sent = await sendMessageCommand(
        app,
        callerOf(request),
        request.params.id,
        request.body.text,
        commandIdOf(request),
      );
      if (!sent) throw notFound();
      return reply.code(201).send(sent);
    },
  );

  app.post(
    "/api/conversations/:id/read",
    {
      config: { roles: [...PARTIES] },
      schema: { params: ConversationParams, body: ReadBody, response: { 200: UnreadTotal } },
    },
    async (request) => {
      const user = callerOf(request);
      await markReadCommand(app, user, request.params.id, request.body.upTo);
      return { unread: await unreadTotalOf(app.db, user.id) };
    },
  );

  app.post(
    "/api/conversations/:id/report",
    {
      config: { roles: [...PARTIES] },
      schema: { params: ConversationParams, body: ReportBody, response: { 201: ConversationReportCreated } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reportConversationCommand(app, callerOf(request), request.params.id, request.body.reason)),
  );
};
