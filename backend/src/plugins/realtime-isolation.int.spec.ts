import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedTeacher, adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { aTrail, givenStudent, saoPauloTime } from "../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../test/sockets";

const disconnected = (socket: Socket, timeoutMs = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** A teacher's or student's sockets follow their account: what they may no longer see, they stop receiving. */
describe("who keeps hearing pushes", () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let admin: Record<string, string>;
  let trailId: number;
  beforeAll(async () => {
    // Two instances on one PostgreSQL: a change stored on one reaches the sockets of the other.
    a = await createTestApp({ driver: "pg" });
    b = await createTestApp({ databaseUrl: a.app.config.databaseUrl });
    [urlA, urlB] = await Promise.all([listen(a.app), listen(b.app)]);
    admin = bearer(await adminToken(a.app));
    trailId = (await aTrail(a.app)).id;
  });
  afterAll(async () => {
    disconnectAll();
    await b.close();
    await a.close();
  });

  const userId = async (login: string) =>
    (await a.app.inject({ method: "GET", url: `/api/users/${login}`, headers: admin })).json<{ id: number }>().id;

  it("disconnects a deactivated teacher's sockets on every instance and refuses them again", async () => {
    const teacher = await acceptedTeacher(a.app);
    const onB = connect(urlB, teacher.token);
    const onA = connect(urlA, teacher.token);
    await Promise.all([connected(onB), connected(onA)]);
    const gone = Promise.all([disconnected(onB), disconnected(onA)]);
    const deactivated = await a.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: admin,
      payload: { id: await userId(teacher.email), activated: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await gone).toEqual(["io server disconnect", "io server disconnect"]);
    await expect(connected(connect(urlB, teacher.token))).rejects.toThrow("error.http.401");
  });

  it("takes a teacher whose role was revoked off the teachers' room: new lessons no longer reach them", async () => {
    const revoked = await acceptedTeacher(a.app);
    const kept = await acceptedTeacher(a.app);
    const revokedSocket = connect(urlB, revoked.token);
    const keptSocket = connect(urlB, kept.token);
    await Promise.all([connected(revokedSocket), connected(keptSocket)]);
    const changed = await a.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: admin,
      payload: { id: await userId(revoked.email), authorities: ["ROLE_USER"] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Another instance hears of the change within its re-check; give it that long before the lesson.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const student = await givenStudent(a.app, { credits: 1 });
    const toKept = next(keptSocket, "lesson:pending");
    const toRevoked = next(revokedSocket, "lesson:pending", () => true, 1_500);
    const scheduled = await a.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date: saoPauloTime(4, 9), objective: "TRAVEL" },
    });
    expect(scheduled.statusCode).toBe(201);
    expect((await toKept).lesson.id).toBe(scheduled.json<{ id: number }>().id);
    await expect(toRevoked).rejects.toThrow("no lesson:pending");
  });

  it("disconnects the sockets of a user who changed their password elsewhere", async () => {
    const teacher = await acceptedTeacher(a.app);
    const socket = connect(urlB, teacher.token);
    await connected(socket);
    const gone = disconnected(socket);
    const changed = await a.app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: bearer(teacher.token),
      payload: { currentPassword: teacher.password, newPassword: "uma-senha-nova-123" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await gone).toBe("io server disconnect");
  });
});
