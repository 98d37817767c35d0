import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpStudent } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { aTrail, givenStudent, givenTeacher, saoPauloTime } from "../../test/lesson-fixtures";
import type { Mail, Mailer } from "./mailer";
import type { MeetingProvider } from "./meetings";

const recordingMailer = (): Mailer & { sent: Mail[] } => {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
};

const fixedMeetings: MeetingProvider = {
  async createMeeting(lesson) {
    return { meetUrl: `https://meetings.example.com/lesson-${lesson.id}` };
  },
};

describe("integrations handed to the app instead of the configured ones", () => {
  const mailer = recordingMailer();
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ overrides: { mailer, meetings: fixedMeetings } });
  });
  afterAll(() => test.close());

  it("send the features' e-mails through the given mailer", async () => {
    const student = await signedUpStudent(test.app);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/account/reset-password/init",
      headers: { "content-type": "text/plain" },
      payload: student.email,
    });
    expect(response.statusCode).toBe(200);
    // Sent after the answer, so that the answer's time does not tell whether the e-mail has an account.
    await expect
      .poll(() => mailer.sent)
      .toEqual([expect.objectContaining({ to: student.email, subject: "Redefinição de senha" })]);
  });

  it("give a claimed lesson the given provider's link", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const scheduled = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: (await aTrail(test.app)).id }, date: saoPauloTime(3, 9), objective: "TRAVEL" },
    });
    const { id } = scheduled.json();
    const claimed = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: teacher.auth,
      payload: { schedulingId: id },
    });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().meetUrl).toBe(`https://meetings.example.com/lesson-${id}`);
  });
});
