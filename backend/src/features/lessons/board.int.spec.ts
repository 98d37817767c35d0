import { BoardView } from "@el/domain/lessons/board-view";
import type { ServerToClientPayload } from "@el/domain/realtime";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import {
  aTrail,
  givenLesson,
  givenStudent,
  givenTeacher,
  type Person,
  saoPauloTime,
} from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";

/**
 * The live lesson board: `GET api/board` for administrators only, and `board:changed` to every
 * administrator's socket, on any instance, when a lesson's card moves; never to teachers or students.
 */

const schedule = (app: FastifyInstance, student: Person, trailId: number, date: string) =>
  app.inject({
    method: "POST",
    url: "/api/schedulings",
    headers: student.auth,
    payload: { trail: { id: trailId }, date, objective: "TRAVEL" },
  });
const claim = (app: FastifyInstance, teacher: Person, schedulingId: number) =>
  app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });
const board = (app: FastifyInstance, headers: Record<string, string> = {}, query = "") =>
  app.inject({ method: "GET", url: `/api/board${query}`, headers });

describe("GET api/board", () => {
  let test: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    test = await createTestApp();
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  it("answers administrators the days' lessons by state, with counters", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app, { credits: 5 }), givenTeacher(test.app)]);
    const trailId = (await aTrail(test.app)).id;
    const waiting = (await schedule(test.app, student, trailId, saoPauloTime(1, 10))).json().id;
    const taken = (await schedule(test.app, student, trailId, saoPauloTime(1, 11))).json().id;
    expect((await claim(test.app, teacher, taken)).statusCode).toBe(201);
    const now = Date.now();
    const running = await givenLesson(test.app, student, { date: new Date(now - 10 * 60_000), teacher });
    const held = await givenLesson(test.app, student, { date: new Date(now - 2 * 3600_000), teacher });
    const afterTheBoard = await schedule(test.app, student, trailId, saoPauloTime(5, 10));
    expect(afterTheBoard.statusCode, afterTheBoard.body).toBe(201);
    const later = afterTheBoard.json().id;

    const response = await board(test.app, admin, "?days=3");
    expect(response.statusCode, response.body).toBe(200);
    const view = BoardView.parse(response.json());
    const ids = (column: keyof BoardView["columns"]) => view.columns[column].map((card) => card.id);
    expect(ids("waiting")).toContain(waiting);
    expect(ids("accepted")).toContain(taken);
    // Ten minutes or two hours ago may be yesterday in São Paulo (a run just after midnight there), off a
    // board that starts today.
    if (Date.parse(view.from) <= now - 10 * 60_000) expect(ids("inProgress")).toContain(running);
    if (Date.parse(view.from) <= now - 2 * 3600_000) expect(ids("awaitingFeedback")).toContain(held);
    const all = Object.values(view.columns).flatMap((cards) => cards.map((card) => card.id));
    expect(all).not.toContain(later);
    expect(view.counters.waiting).toBe(view.columns.waiting.length);
    expect(view.columns.accepted.find((card) => card.id === taken)).toMatchObject({
      teacher: { id: teacher.id, name: `${teacher.firstName} Lima` },
      student: { id: student.id, name: `${student.firstName} Souza` },
    });
    const week = BoardView.parse((await board(test.app, admin, "?days=7")).json());
    expect(Object.values(week.columns).flatMap((cards) => cards.map((card) => card.id))).toContain(later);
  });

  it("refuses anonymous callers (401), teachers and students (403), and days outside 1–14 (400)", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    expect((await board(test.app)).statusCode).toBe(401);
    expect((await board(test.app, teacher.auth)).statusCode).toBe(403);
    expect((await board(test.app, student.auth)).statusCode).toBe(403);
    for (const days of ["0", "15", "abc"]) {
      const response = await board(test.app, admin, `?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json().fieldErrors?.[0]?.field ?? response.json().message).toBeTruthy();
    }
  });
});

describe("board:changed across two instances on one PostgreSQL", () => {
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
    await a.close();
    await b.close();
  });

  it("moves the card for an administrator on B when a student schedules and a teacher claims on A; teachers and students never hear it", async () => {
    const trailId = (await aTrail(a.app)).id;
    const [student, teacher] = await Promise.all([givenStudent(a.app, { credits: 1 }), givenTeacher(a.app)]);
    const adminSocket = connect(urlB, await adminToken(b.app));
    const teacherSocket = connect(urlB, teacher.token);
    const studentSocket = connect(urlB, student.token);
    await Promise.all([connected(adminSocket), connected(teacherSocket), connected(studentSocket)]);
    const overheard: unknown[] = [];
    teacherSocket.on("board:changed", (payload) => overheard.push(payload));
    studentSocket.on("board:changed", (payload) => overheard.push(payload));

    const scheduledCard = next(adminSocket, "board:changed", (push) => push.card?.student.id === student.id);
    const scheduled = await schedule(a.app, student, trailId, saoPauloTime(2, 9));
    expect(scheduled.statusCode).toBe(201);
    const id = scheduled.json().id as number;
    const pending: ServerToClientPayload<"board:changed"> = await scheduledCard;
    expect(pending).toMatchObject({ lessonId: id, card: { id, status: "pending", teacher: null } });

    const claimedCard = next(
      adminSocket,
      "board:changed",
      (push) => push.lessonId === id && push.card?.status === "accepted",
    );
    const teacherHeardClaim = next(teacherSocket, "lesson:claimed", (push) => push.lessonId === id);
    expect((await claim(a.app, teacher, id)).statusCode).toBe(201);
    expect(await claimedCard).toMatchObject({ card: { teacher: { id: teacher.id }, acceptedAt: expect.any(String) } });
    // The teacher's own push of the same batch arrived, so a board:changed meant for them would have too.
    await teacherHeardClaim;
    expect(overheard).toEqual([]);
  });

  it("moves the card when an administrator gives a waiting lesson to a teacher, then cancels it", async () => {
    const trailId = (await aTrail(a.app)).id;
    const [student, teacher] = await Promise.all([givenStudent(a.app, { credits: 1 }), givenTeacher(a.app)]);
    const adminAuth = bearer(await adminToken(a.app));
    const adminSocket = connect(urlB, await adminToken(b.app));
    await connected(adminSocket);
    const scheduled = await schedule(a.app, student, trailId, saoPauloTime(2, 14));
    expect(scheduled.statusCode).toBe(201);
    const id = scheduled.json().id as number;

    const assignedCard = next(
      adminSocket,
      "board:changed",
      (push) => push.lessonId === id && push.card?.status === "accepted",
    );
    const assigned = await a.app.inject({
      method: "PUT",
      url: `/api/lessons/${id}`,
      headers: adminAuth,
      payload: { teacher: { id: teacher.id } },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await assignedCard).toMatchObject({
      card: { teacher: { id: teacher.id, name: `${teacher.firstName} Lima` } },
    });
    const view = BoardView.parse((await board(b.app, adminAuth)).json());
    expect(view.columns.accepted.map((card) => card.id)).toContain(id);

    const cancelledCard = next(
      adminSocket,
      "board:changed",
      (push) => push.lessonId === id && push.card?.status === "cancelled",
    );
    const cancelled = await a.app.inject({ method: "DELETE", url: `/api/lessons/${id}`, headers: adminAuth });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await cancelledCard).toMatchObject({ card: { id, cancelledAt: expect.any(String) } });
  });
});
