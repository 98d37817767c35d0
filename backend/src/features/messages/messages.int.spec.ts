import { MESSAGE_RATE_MAX, messageErrors } from "@el/domain/messages/message-contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher } from "../../../test/lesson-fixtures";
import {
  conversationEventTypes,
  conversationsOf,
  givenConversation,
  markRead,
  messagesOf,
  report,
  sendMessage,
  startConversation,
  unreadOf,
} from "./message-fixtures";

/** The messages routes on real PostgreSQL: who may start, send, read, report and moderate what. */
let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp({ driver: "pg", env: { MESSAGE_DIGEST_INTERVAL_MS: "3600000" } });
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

describe("POST api/conversations", () => {
  it("starts the pair's one conversation (201), which either of them starting again finds (200)", async () => {
    const [student, teacher] = [await givenStudent(test.app), await givenTeacher(test.app)];
    await givenLesson(test.app, student, { date: new Date(Date.now() + 3 * 86_400_000), teacher });
    const first = await startConversation(test.app, student, { teacherId: teacher.id });
    expect(first.statusCode).toBe(201);
    const again = await startConversation(test.app, teacher, { studentId: student.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await conversationsOf(test.app, teacher)).json()).toEqual([
      {
        id: first.json().id,
        with: { id: student.id, name: `${student.firstName} Souza`, photoUrl: null, role: "STUDENT" },
        lastMessage: null,
        unread: 0,
      },
    ]);
  });

  it("refuses (403) a pair that shares no lesson, and a body that does not name the other side", async () => {
    const [student, teacher] = [await givenStudent(test.app), await givenTeacher(test.app)];
    const refused = await startConversation(test.app, student, { teacherId: teacher.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messageErrors.noSharedLesson);
    expect((await startConversation(test.app, teacher, { studentId: student.id })).statusCode).toBe(403);
    expect((await startConversation(test.app, student, { studentId: teacher.id })).statusCode).toBe(400);
    const asAdmin = await test.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: admin,
      payload: { teacherId: teacher.id },
    });
    expect(asAdmin.statusCode).toBe(403);
  });
});

describe("messages of a conversation", () => {
  it("sends, lists, counts unread, delivers on fetch and reads", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    const sent = await sendMessage(test.app, student, id, "  Oi, professor!  ");
    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ text: "Oi, professor!", from: student.id });
    expect(await unreadOf(test.app, teacher)).toBe(1);
    expect(await unreadOf(test.app, student)).toBe(0);
    const [summary] = (await conversationsOf(test.app, teacher)).json();
    expect(summary).toMatchObject({ id, lastMessage: message, unread: 1 });
    // The teacher's app fetched it: delivered, not read.
    const [delivered] = (await messagesOf(test.app, student.auth, id)).json().messages;
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.readAt).toBeNull();
    const read = await markRead(test.app, teacher, id, message.id);
    expect(read.json()).toEqual({ unread: 0 });
    const [seen] = (await messagesOf(test.app, student.auth, id)).json().messages;
    expect(seen.readAt).not.toBeNull();
    expect(await conversationEventTypes(test.app, id)).toEqual([
      "ConversationStarted",
      "MessageSent",
      "MessagesDelivered",
      "MessagesRead",
    ]);
  });

  it("pages the history backwards, newest page first, each oldest to newest", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    const ids: number[] = [];
    for (const [person, text] of [
      [student, "1"],
      [teacher, "2"],
      [student, "3"],
    ] as const)
      ids.push((await sendMessage(test.app, person, id, text)).json().id);
    const newest = (await messagesOf(test.app, teacher.auth, id, "?size=2")).json();
    expect(newest.messages.map((message: { text: string }) => message.text)).toEqual(["2", "3"]);
    expect(newest.hasOlder).toBe(true);
    const older = (await messagesOf(test.app, teacher.auth, id, `?size=2&before=${ids[1]}`)).json();
    expect(older).toMatchObject({ messages: [{ id: ids[0], text: "1" }], hasOlder: false });
    expect((await messagesOf(test.app, teacher.auth, id, "?before=999999999")).statusCode).toBe(400);
  });

  it("refuses a blank text or one past 2000 characters (400, on the field)", async () => {
    const { student, id } = await givenConversation(test.app);
    const blank = await sendMessage(test.app, student, id, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([
      expect.objectContaining({ field: "text", message: messageErrors.textEmpty }),
    ]);
    const long = await sendMessage(test.app, student, id, "a".repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors[0].message).toBe(messageErrors.textTooLong);
  });

  it("answers 404 to anyone not a party, and to a conversation that does not exist", async () => {
    const { id } = await givenConversation(test.app);
    const [stranger, teacher] = [await givenStudent(test.app), await givenTeacher(test.app)];
    expect((await sendMessage(test.app, stranger, id, "Oi")).statusCode).toBe(404);
    expect((await messagesOf(test.app, teacher.auth, id)).statusCode).toBe(404);
    expect((await report(test.app, stranger, id, "Spam")).statusCode).toBe(404);
    expect((await markRead(test.app, stranger, id, 1)).statusCode).toBe(404);
    expect((await messagesOf(test.app, stranger.auth, 999_999_999)).statusCode).toBe(404);
    expect((await test.app.inject({ method: "GET", url: "/api/conversations/unread" })).statusCode).toBe(401);
  });

  it("limits a sender to 20 messages in 10 seconds (429 with Retry-After)", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    for (let index = 0; index < MESSAGE_RATE_MAX; index++)
      expect((await sendMessage(test.app, student, id, `m${index}`)).statusCode).toBe(201);
    const refused = await sendMessage(test.app, student, id, "one too many");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The limit is the sender's: the other party still writes.
    expect((await sendMessage(test.app, teacher, id, "Calma!")).statusCode).toBe(201);
  });
});

describe("reports and moderation", () => {
  it("lets either party report; administrators read a reported conversation only, each read recorded", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    await sendMessage(test.app, teacher, id, "Mensagem ofensiva");
    expect((await messagesOf(test.app, admin, id)).statusCode).toBe(404);
    expect((await report(test.app, student, id, " ")).statusCode).toBe(400);
    const reported = await report(test.app, student, id, "Linguagem ofensiva");
    expect(reported.statusCode).toBe(201);
    const queue = (await test.app.inject({ method: "GET", url: "/api/conversations/reported", headers: admin })).json();
    expect(queue.find((entry: { id: number }) => entry.id === id)).toMatchObject({
      student: { id: student.id },
      teacher: { id: teacher.id },
      reports: [{ by: student.id, reason: "Linguagem ofensiva" }],
    });
    const read = await messagesOf(test.app, admin, id);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((message: { text: string }) => message.text)).toEqual(["Mensagem ofensiva"]);
    const events = await test.app.eventStore.readStream(`conversation-${id}`);
    expect(events.filter((event) => event.type === "ConversationReadByAdministrator")).toHaveLength(1);
    // An administrator's read marks nothing delivered or read for the parties.
    expect(await unreadOf(test.app, student)).toBe(1);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/conversations/reported", headers: student.auth })).statusCode,
    ).toBe(403);
  });

  it("seals the texts and reasons in the stored events", async () => {
    const { student, id } = await givenConversation(test.app);
    await sendMessage(test.app, student, id, "Meu telefone é 11 98765-4321");
    await report(test.app, student, id, "Pediu meu telefone");
    const { rows } = await test.app.db.query<{ data: string }>(
      "select data::text as data from es_events where stream_id = $1 and type in ('MessageSent', 'ConversationReported')",
      [`conversation-${id}`],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.data).toMatch(new RegExp(`"(text|reason)": ?"pd1:conversation-${id}:`));
      expect(row.data).not.toContain("telefone");
    }
  });
});
