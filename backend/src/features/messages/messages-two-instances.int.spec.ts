import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";
import { conversationsOf, givenConversation, markRead, messagesOf, sendMessage } from "./message-fixtures";

/**
 * `message:new`, `message:delivered` and `message:read` across two instances on one PostgreSQL: sent on A,
 * they reach the other party's every tab and the sender's other tabs, on A and on B.
 */
describe("messages pushed across two instances on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const env = { MESSAGE_DIGEST_INTERVAL_MS: "3600000" };
    a = await createTestApp({ databaseUrl, env });
    b = await createTestApp({ databaseUrl, env });
    urlA = await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    disconnectAll();
    await a?.close();
    await b?.close();
  });

  it("delivers a message sent on A to the teacher's tabs on both instances and the student's other tab on B", async () => {
    const { student, teacher, id } = await givenConversation(a.app);
    const [teacherOnA, teacherOnB, studentOnB] = [
      connect(urlA, teacher.token),
      connect(urlB, teacher.token),
      connect(urlB, student.token),
    ];
    await Promise.all([connected(teacherOnA), connected(teacherOnB), connected(studentOnB)]);

    const heard = [teacherOnA, teacherOnB, studentOnB].map((socket) =>
      next(socket, "message:new", (push) => push.conversationId === id),
    );
    const sent = await sendMessage(a.app, student, id, "Oi de A!");
    expect(sent.statusCode).toBe(201);
    for (const push of await Promise.all(heard)) expect(push).toEqual({ conversationId: id, message: sent.json() });

    const read = next(studentOnB, "message:read", (push) => push.conversationId === id);
    expect((await markRead(b.app, teacher, id, sent.json().id)).statusCode).toBe(200);
    expect(await read).toEqual({ conversationId: id, upTo: sent.json().id, by: teacher.id });
  });

  it("tells the sender's tabs on both instances, once, that the message reached the other party's app when it fetched it on B", async () => {
    const { student, teacher, id } = await givenConversation(a.app);
    const [studentOnA, studentOnB] = [connect(urlA, student.token), connect(urlB, student.token)];
    await Promise.all([connected(studentOnA), connected(studentOnB)]);
    const sent = await sendMessage(a.app, student, id, "Chegou?");
    expect(sent.statusCode).toBe(201);
    const heard: unknown[] = [];
    for (const socket of [studentOnA, studentOnB])
      socket.on("message:delivered", (push) => {
        if (push.conversationId === id) heard.push(push);
      });
    const first = [studentOnA, studentOnB].map((socket) =>
      next(socket, "message:delivered", (push) => push.conversationId === id),
    );

    // The teacher's app fetches the conversation on B: delivered, not read.
    expect((await messagesOf(b.app, teacher.auth, id)).statusCode).toBe(200);
    const expected = { conversationId: id, upTo: sent.json().id, to: teacher.id };
    for (const push of await Promise.all(first)) expect(push).toEqual(expected);

    // Fetching again (the list, or the conversation) delivers nothing new: no second push.
    expect((await conversationsOf(b.app, teacher)).statusCode).toBe(200);
    expect((await messagesOf(a.app, teacher.auth, id)).statusCode).toBe(200);
    const read = next(studentOnA, "message:read", (push) => push.conversationId === id);
    expect((await markRead(b.app, teacher, id, sent.json().id)).statusCode).toBe(200);
    await read;
    expect(heard).toEqual([expected, expected]);
  });
});
