import type { ServerToClientPayload } from "@el/domain/realtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { aTrail, givenStudent, givenTeacher, saoPauloTime } from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";

/** What a booking tells, live: its teacher and student, the administrators' board, and not the teachers' board. */
let test: TestApp;
let url: string;
beforeAll(async () => {
  test = await createTestApp();
  url = await listen(test.app);
});
afterAll(async () => {
  disconnectAll();
  await test.close();
});

describe("a booking, live", () => {
  it("tells the teacher booked (lesson:booked), the student (lesson:accepted) and the board, and offers it to no teacher", async () => {
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    await givenAvailability(test.app, teacher);
    const onlooker = await givenTeacher(test.app);
    const student = await givenStudent(test.app, { credits: 2 });
    const trail = await aTrail(test.app);
    const [teacherSocket, onlookerSocket, studentSocket, adminSocket] = [
      connect(url, teacher.token),
      connect(url, onlooker.token),
      connect(url, student.token),
      connect(url, await adminToken(test.app)),
    ];
    await Promise.all([teacherSocket, onlookerSocket, studentSocket, adminSocket].map((socket) => connected(socket)));
    const offered: ServerToClientPayload<"lesson:pending">[] = [];
    onlookerSocket.on("lesson:pending", (payload) => offered.push(payload));

    const booked = next(teacherSocket, "lesson:booked");
    const accepted = next(studentSocket, "lesson:accepted");
    const card = next(adminSocket, "board:changed", (push) => push.card?.status === "accepted");
    const response = await test.app.inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/bookings`,
      headers: student.auth,
      payload: { start: saoPauloTime(3, 10), trailId: trail.id },
    });
    expect(response.statusCode).toBe(201);
    const { id, lesson } = response.json();
    expect(await booked).toMatchObject({ lesson: { id, student: { id: student.id } }, meetUrl: lesson.meetUrl });
    expect(await accepted).toMatchObject({ lessonId: id, teacher: { id: teacher.id }, meetUrl: lesson.meetUrl });
    expect((await card).lessonId).toBe(id);

    // An open lesson scheduled after it reaches the board: pushes go out in order, so one for the booking would be here.
    const openOffered = next(onlookerSocket, "lesson:pending");
    const open = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trail.id }, date: saoPauloTime(3, 15), objective: "TRAVEL" },
    });
    expect((await openOffered).lesson.id).toBe(open.json().id);
    expect(offered.map((payload) => payload.lesson.id)).toEqual([open.json().id]);
  });
});
