import { userRoom } from "@el/domain/realtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabaseUrl } from "../../test/databases";
import { givenStudent } from "../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen } from "../../test/sockets";

/**
 * Pushes another instance hears through PostgreSQL keep the order its projectors committed them in: a
 * conversation's messages reach a socket on the other instance in the order they were stored.
 */
describe("pushes shared between two instances", () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    a = await createTestApp({ databaseUrl });
    b = await createTestApp({ databaseUrl });
    await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    disconnectAll();
    await a?.close();
    await b?.close();
  });

  it("reach a socket on the other instance in the order the commits handed them over, however many at once", async () => {
    const { id: userId, token } = await givenStudent(a.app);
    const socket = connect(urlB, token);
    await connected(socket);
    const heard: number[] = [];
    let known = false;
    const count = 300;
    const all = new Promise<void>((resolve) =>
      socket.on("message:new", (push: { message: { id: number } }) => {
        if (push.message.id === 0) known = true;
        else heard.push(push.message.id);
        if (heard.length === count) resolve();
      }),
    );
    // A knows B once B's adapter announced itself; until then A keeps its pushes to itself.
    const at = new Date().toISOString();
    const batch = (id: number) => [
      {
        room: userRoom(userId),
        event: "message:new",
        payload: { conversationId: 1, message: { id, text: "Oi", sentAt: at, from: 7 } },
      },
    ];
    const deadline = Date.now() + 10_000;
    while (!known && Date.now() < deadline) {
      a.app.pushes.emit("push", batch(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // As the projectors hand over commits under load: one after another, without waiting for the previous NOTIFY.
    for (let id = 1; id <= count; id++) a.app.pushes.emit("push", batch(id));
    await all;
    expect(heard).toEqual(Array.from({ length: count }, (_, index) => index + 1));
  });
});
