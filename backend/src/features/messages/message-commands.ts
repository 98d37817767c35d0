import { conflict, forbidden, invalid, notFound } from "@el/domain";
import {
  type ConversationCommand,
  type ConversationEvent,
  conversationDecider,
  conversationPairStreams,
  conversationStreams,
  type Pair,
  pairConversation,
  pairedOf,
} from "@el/domain/messages/conversation";
import { type MessageSent, messageErrors, type StartConversationBody } from "@el/domain/messages/message-contracts";
import {
  type ConversationRow,
  conversationOfPair,
  conversationRow,
  shareALesson,
  undeliveredConversationsOf,
} from "@el/projections/messages/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates, executeOnStreams } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import { type Caller, contextOf } from "../../shared/lesson-streams";

/**
 * Messages between a student and a teacher: each command reads the conversation's stream, lets the
 * conversation's decider decide, and appends. Who may see a conversation is decided on the read model's row
 * (its parties) before that, so anyone else gets the same 404 whether or not it exists.
 */

const conversationState = foldOf(conversationStreams, conversationDecider);

const isStudent = (user: Caller) => user.authorities.includes("ROLE_STUDENT");
const isTeacher = (user: Caller) => user.authorities.includes("ROLE_TEACHER");

/** The pair a student (naming the teacher) or a teacher (naming the student) means. */
const pairOf = (user: Caller, body: StartConversationBody): Pair => {
  if ("teacherId" in body && isStudent(user)) return { studentId: user.id, teacherId: Number(body.teacherId) };
  if ("studentId" in body && isTeacher(user)) return { studentId: Number(body.studentId), teacherId: user.id };
  throw invalid("error.validation", "teacherId" in body ? "teacherId" : "studentId");
};

/**
 * The pair's one conversation, started when they have none: `created` says which. Two first messages at once
 * meet on the pair's stream, where only the first conversation named is kept.
 */
export const startConversationCommand = async (app: FastifyInstance, user: Caller, body: StartConversationBody) => {
  const pair = pairOf(user, body);
  if (!(await shareALesson(app.db, pair.studentId, pair.teacherId))) throw forbidden(messageErrors.noSharedLesson);
  const known = await conversationOfPair(app.db, pair.studentId, pair.teacherId);
  if (known !== undefined) return { id: known, created: false };
  const id = await app.nextId();
  const pairStream = conversationPairStreams.id(pair);
  const { result } = await executeOnStreams(
    app,
    [pairStream, conversationStreams.id(id)],
    (histories) => {
      const paired = pairedOf(conversationPairStreams.events(histories[pairStream]));
      if (paired !== null) return { appends: [], result: { id: paired, created: false } };
      const started = conversationDecider.decide(
        { type: "StartConversation", ...pair, now: app.clock.now() },
        conversationDecider.initialState(),
      );
      return {
        appends: [
          { streamId: pairStream, events: pairConversation(id, paired) },
          { streamId: conversationStreams.id(id), events: started },
        ],
        result: { id, created: true },
      };
    },
    contextOf(user),
  );
  return result;
};

/**
 * The conversation as the caller may see it: a party's, or (`asAdministrator`) a reported one. Anyone else
 * is answered 404, as for a conversation that does not exist.
 */
export const conversationFor = async (
  app: FastifyInstance,
  user: Caller,
  id: number,
  options: { asAdministrator?: boolean } = {},
): Promise<ConversationRow & { asAdministrator: boolean }> => {
  const row = await conversationRow(app.db, id);
  if (row && (row.studentId === user.id || row.teacherId === user.id)) return { ...row, asAdministrator: false };
  if (row && options.asAdministrator && user.authorities.includes("ROLE_ADMIN") && row.reported)
    return { ...row, asAdministrator: true };
  throw notFound();
};

const decideOn = async <Result>(
  app: FastifyInstance,
  user: Caller,
  id: number,
  command: ConversationCommand,
  result: (events: ConversationEvent[]) => Result,
  commandId?: string,
) => {
  const { result: answer } = await executeOnStates(
    app,
    { conversation: conversationState(id) },
    ({ conversation }) => {
      const events = conversationDecider.decide(command, conversation);
      return { appends: [{ streamId: conversationStreams.id(id), events }], result: result(events) };
    },
    contextOf(user, commandId),
  );
  return answer;
};

/** A party sends a message; a closed conversation (the other party erased) takes none. */
export const sendMessageCommand = async (
  app: FastifyInstance,
  user: Caller,
  id: number,
  text: string,
  commandId?: string,
): Promise<MessageSent | undefined> => {
  const conversation = await conversationFor(app, user, id);
  if (conversation.closed) throw conflict(messageErrors.closed);
  const messageId = await app.nextId();
  return decideOn(
    app,
    user,
    id,
    { type: "SendMessage", messageId, from: user.id, text, now: app.clock.now() },
    (events) => {
      const sent = events.find((event) => event.type === "MessageSent");
      return sent?.type === "MessageSent"
        ? { id: sent.data.messageId, text: sent.data.text, sentAt: sent.data.at, from: sent.data.from }
        : undefined;
    },
    commandId,
  );
};

export const markReadCommand = async (app: FastifyInstance, user: Caller, id: number, upTo: number) => {
  await conversationFor(app, user, id);
  await decideOn(app, user, id, { type: "MarkRead", by: user.id, upTo, now: app.clock.now() }, () => undefined);
};

/**
 * The caller's app fetched their conversations (or one of them): every message to them it holds has reached
 * them. Only conversations with something not yet marked are touched, so a fetch with nothing new writes nothing.
 */
export const markDeliveredCommand = async (app: FastifyInstance, user: Caller, conversationId?: number) => {
  for (const id of await undeliveredConversationsOf(app.db, user.id, conversationId))
    await decideOn(app, user, id, { type: "MarkDelivered", to: user.id, now: app.clock.now() }, () => undefined);
};

export const reportConversationCommand = async (app: FastifyInstance, user: Caller, id: number, reason: string) => {
  await conversationFor(app, user, id);
  const now = app.clock.now();
  await decideOn(app, user, id, { type: "ReportConversation", by: user.id, reason, now }, () => undefined);
  return { conversationId: id, reportedAt: now.toISOString() };
};

/** An administrator reads a reported conversation: the read is stored first, for the auditors. */
export const recordAdministratorReadCommand = (app: FastifyInstance, user: Caller, id: number) =>
  decideOn(app, user, id, { type: "RecordAdministratorRead", by: user.id, now: app.clock.now() }, () => undefined);
