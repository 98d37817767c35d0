import { lessonStreams } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, tokenOf } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher } from "../../../test/lesson-fixtures";

/** Two processes of the product on one PostgreSQL, as in production, where transactions truly overlap. */
describe("teacher payouts racing", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ driver: "pg" });
    second = await createTestApp({ databaseUrl: first.app.config.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const paidEvents = async (lessonId: number) =>
    (await first.app.eventStore.readStream(lessonStreams.id(lessonId))).filter((event) => event.type === "LessonPaid");

  it("two administrators paying the same lesson at once, on two processes, record one payment and both are told of it", async () => {
    const ana = bearer(await adminToken(first.app));
    const created = await first.app.inject({
      method: "POST",
      url: "/api/users",
      headers: ana,
      payload: {
        login: "beatriz",
        email: "beatriz@englishlessons.test",
        password: "senha-da-beatriz",
        authorities: ["ROLE_ADMIN"],
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const beatriz = bearer(await tokenOf(second.app, "beatriz", "senha-da-beatriz"));
    const [student, teacher] = await Promise.all([givenStudent(first.app), givenTeacher(first.app)]);

    for (let round = 0; round < 5; round++) {
      const lessonId = await givenLesson(first.app, student, {
        date: new Date(Date.now() - (round + 2) * 86_400_000),
        teacher,
      });
      const payload = { lesson: { id: lessonId } };
      const answers = await Promise.all([
        first.app.inject({ method: "POST", url: "/api/payments", headers: ana, payload }),
        second.app.inject({ method: "POST", url: "/api/payments", headers: beatriz, payload }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([200, 201]);
      const [one, other] = answers.map((answer) => answer.json().id);
      expect(one).toBe(other);
      const stored = await paidEvents(lessonId);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.data).toMatchObject({ paymentId: one, valueCents: 2500, teacherId: teacher.id });
    }
  });
});
