import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { aTrail, givenStudent, givenTeacher, saoPauloTime } from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";

/** The mail sweep runs often, so the booking's e-mail goes out within the spec's wait. */
const env = { LESSON_MAIL_INTERVAL_MS: "200" };

describe("the e-mail of a booked lesson", () => {
  let test: TestApp;
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  beforeAll(async () => {
    test = await createTestApp({ env, overrides: { mailer } });
  });
  afterAll(() => test.close());

  it("tells the student it is confirmed, with the lesson as a calendar invitation, as a claim does", async () => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    await givenAvailability(test.app, teacher);
    const trail = await aTrail(test.app);
    const response = await test.app.inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/bookings`,
      headers: student.auth,
      payload: { start: saoPauloTime(3, 10), trailId: trail.id },
    });
    expect(response.statusCode).toBe(201);
    const { id, lesson } = response.json();
    // The account's own e-mails (a welcome) go out by the same sweep.
    const confirmation = () =>
      sent.find((one) => one.to === student.login && one.subject === "Sua aula foi confirmada");
    await expect.poll(() => confirmation() !== undefined, { timeout: 30_000 }).toBe(true);
    const mail = confirmation();
    expect(mail?.text).toContain("Professor: Bruno Lima");
    expect(mail?.text).toContain(`Link da aula: ${lesson.meetUrl}`);
    expect(mail?.attachments?.[0]?.filename).toBe("aula.ics");
    expect(mail?.attachments?.[0]?.content).toContain(`UID:lesson-${id}@`);
  });
});
