import type { FastifyInstance } from "fastify";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

/** Conversations and messages as the web app sends them, for the messages specs. */

/** A student and a teacher who share a past lesson, and their conversation's id. */
export const givenConversation = async (app: FastifyInstance) => {
  const [student, teacher] = [await givenStudent(app), await givenTeacher(app)];
  await givenLesson(app, student, { date: new Date(Date.now() - 86_400_000), teacher });
  const started = await startConversation(app, student, { teacherId: teacher.id });
  if (started.statusCode !== 201) throw new Error(`no conversation: ${started.statusCode} ${started.body}`);
  return { student, teacher, id: started.json<{ id: number }>().id };
};

export const startConversation = (
  app: FastifyInstance,
  person: Person,
  body: { teacherId: number } | { studentId: number },
) => app.inject({ method: "POST", url: "/api/conversations", headers: person.auth, payload: body });

export const sendMessage = (app: FastifyInstance, person: Person, id: number, text: string) =>
  app.inject({ method: "POST", url: `/api/conversations/${id}/messages`, headers: person.auth, payload: { text } });

export const messagesOf = (app: FastifyInstance, auth: { authorization: string }, id: number, query = "") =>
  app.inject({ method: "GET", url: `/api/conversations/${id}/messages${query}`, headers: auth });

export const conversationsOf = (app: FastifyInstance, person: Person) =>
  app.inject({ method: "GET", url: "/api/conversations", headers: person.auth });

export const unreadOf = async (app: FastifyInstance, person: Person) =>
  (await app.inject({ method: "GET", url: "/api/conversations/unread", headers: person.auth })).json<{
    unread: number;
  }>().unread;

export const markRead = (app: FastifyInstance, person: Person, id: number, upTo: number) =>
  app.inject({ method: "POST", url: `/api/conversations/${id}/read`, headers: person.auth, payload: { upTo } });

export const report = (app: FastifyInstance, person: Person, id: number, reason: string) =>
  app.inject({ method: "POST", url: `/api/conversations/${id}/report`, headers: person.auth, payload: { reason } });

export const conversationEventTypes = async (app: FastifyInstance, id: number) =>
  (await app.eventStore.readStream(`conversation-${id}`)).map((event) => event.type);
