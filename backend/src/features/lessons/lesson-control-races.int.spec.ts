import { lessonStreams } from "@el/domain/lessons/lesson";
import { slotsOfLesson, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/** An administrator and teachers acting on one lesson at once, on real PostgreSQL where transactions overlap. */
let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp({ driver: "pg" });
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const claim = (teacher: Person, schedulingId: number) =>
  test.app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });
const assign = (lessonId: number, teacher: Person) =>
  test.app.inject({
    method: "PUT",
    url: `/api/lessons/${lessonId}`,
    headers: admin,
    payload: { teacher: { id: teacher.id } },
  });

/** Which of `teachers` holds each half hour of the lesson's time for it: only the lesson's teacher may. */
const slotHolders = async (lessonId: number, teachers: Person[]) => {
  const { rows } = await test.db.query<{ date: Date }>("select date from lesson_schedulings where id = $1", [lessonId]);
  const date = new Date(rows[0]?.date ?? 0).toISOString();
  const holders: number[] = [];
  for (const teacher of teachers)
    for (const slot of slotsOfLesson(teacher.id, date)) {
      const last = (await test.app.eventStore.readStream(teacherSlotStreams.id(slot))).at(-1);
      if (last?.type === "TeacherSlotReserved" && (last.data as { lessonId: number }).lessonId === lessonId)
        holders.push(teacher.id);
    }
  return holders;
};

describe("assigning a teacher while teachers claim", () => {
  it("the administrator giving the lesson to one teacher while another claims it leaves exactly one teacher", async () => {
    for (let round = 0; round < 5; round++) {
      const student = await givenStudent(test.app, { credits: 1 });
      const [chosen, claimer] = [await givenTeacher(test.app), await givenTeacher(test.app)];
      const lessonId = await givenLesson(test.app, student, { date: new Date(saoPauloTime(4 + round, 10)) });

      const [assigned, claimed] = await Promise.all([assign(lessonId, chosen), claim(claimer, lessonId)]);
      expect(assigned.statusCode).toBe(200);
      // The claim either came first (and the administrator then gave the lesson to the other teacher)
      // or came second and was told someone had it.
      expect([201, 409]).toContain(claimed.statusCode);

      const { rows } = await test.db.query<{ teacher_id: string }>(
        "select teacher_id from lesson_schedulings where id = $1",
        [lessonId],
      );
      expect(Number(rows[0]?.teacher_id)).toBe(chosen.id);
      const accepted = (await test.app.eventStore.readStream(lessonStreams.id(lessonId))).filter(
        (event) => event.type === "LessonAccepted",
      );
      expect(accepted).toHaveLength(1);
      // Both half hours are the chosen teacher's; the claimer holds none of them.
      expect(await slotHolders(lessonId, [chosen, claimer])).toEqual([chosen.id, chosen.id]);
    }
  });

  it("two administrators giving a pending lesson to two teachers at once: it ends with one, holding both half hours", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teachers = [await givenTeacher(test.app), await givenTeacher(test.app)];
    const lessonId = await givenLesson(test.app, student, { date: new Date(saoPauloTime(12, 15)) });
    const answers = await Promise.all(teachers.map((teacher) => assign(lessonId, teacher)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const { rows } = await test.db.query<{ teacher_id: string }>(
      "select teacher_id from lesson_schedulings where id = $1",
      [lessonId],
    );
    const winner = Number(rows[0]?.teacher_id);
    expect(teachers.map((teacher) => teacher.id)).toContain(winner);
    expect(await slotHolders(lessonId, teachers)).toEqual([winner, winner]);
  });
});
