import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher } from "../../../test/lesson-fixtures";

/** A student or teacher subscribes Google Calendar, Outlook or Apple Calendar to their lessons. */
describe("private calendar feeds", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const issue = async (auth: Record<string, string>) => {
    const response = await test.app.inject({ method: "POST", url: "/api/account/calendar-feed", headers: auth });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string; issuedAt: string }>();
  };
  /** What a calendar service fetching the address gets (no token of ours: the address is the key). */
  const fetchFeed = (url: string) => test.app.inject({ method: "GET", url: new URL(url).pathname });
  const status = async (auth: Record<string, string>) =>
    (await test.app.inject({ method: "GET", url: "/api/account/calendar-feed", headers: auth })).json<{
      active: boolean;
      issuedAt: string | null;
    }>();
  /** The calendar's events as `KEY:value` lines, unfolded (RFC 5545 folds lines at 75 octets). */
  const eventsOf = (ics: string) =>
    ics
      .replace(/\r\n[ \t]/g, "")
      .split("BEGIN:VEVENT")
      .slice(1)
      .map((block) =>
        Object.fromEntries(block.split("\r\n").map((line) => [line.split(":")[0], line.slice(line.indexOf(":") + 1)])),
      );

  it("lists a student's lessons: accepted with its link, waiting as tentative, cancelled as cancelled", async () => {
    const student = await givenStudent(test.app, { credits: 3, firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const accepted = await givenLesson(test.app, student, { date: soon, teacher });
    const waiting = await givenLesson(test.app, student, { date: new Date(soon.getTime() + 86_400_000) });
    const cancelled = await givenLesson(test.app, student, { date: new Date(soon.getTime() + 2 * 86_400_000) });
    const cancel = await test.app.inject({
      method: "DELETE",
      url: `/api/schedulings/${cancelled}`,
      headers: student.auth,
    });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);

    expect(await status(student.auth)).toEqual({ active: false, issuedAt: null });
    const { url } = await issue(student.auth);
    expect(url).toMatch(/^http.*\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await status(student.auth)).active).toBe(true);

    const feed = await fetchFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const events = eventsOf(feed.body);
    const byUid = (id: number) => events.find((event) => event.UID?.startsWith(`lesson-${id}@`));
    expect(byUid(accepted)).toMatchObject({
      STATUS: "CONFIRMED",
      URL: `https://meet.jit.si/EnglishLessons-${accepted}-test`,
    });
    expect(byUid(accepted)?.DESCRIPTION).toContain("Professor: Bruno Lima");
    expect(byUid(accepted)?.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(byUid(waiting)).toMatchObject({ STATUS: "TENTATIVE" });
    expect(byUid(cancelled)).toMatchObject({ STATUS: "CANCELLED", SUMMARY: "Aula cancelada: Greetings" });
    expect(events).toHaveLength(3);

    // The teacher's own calendar has the lesson they teach, naming the student.
    const teachers = eventsOf((await fetchFeed((await issue(teacher.auth)).url)).body);
    expect(teachers.map((event) => event.UID?.split("@")[0])).toEqual([`lesson-${accepted}`]);
    expect(teachers[0]?.DESCRIPTION).toContain("Aluno: Ana Souza");
  });

  it("stops answering an address once another is issued or it is revoked, as if it never existed", async () => {
    const student = await givenStudent(test.app);
    const first = await issue(student.auth);
    const second = await issue(student.auth);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const revoked = await test.app.inject({
      method: "DELETE",
      url: "/api/account/calendar-feed",
      headers: student.auth,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect(await status(student.auth)).toEqual({ active: false, issuedAt: null });
    // Revoking again is no error, and changes nothing.
    expect(
      (await test.app.inject({ method: "DELETE", url: "/api/account/calendar-feed", headers: student.auth }))
        .statusCode,
    ).toBe(204);

    for (const file of ["nothing.ics", `${"A".repeat(43)}.ics`, "A".repeat(43), "../../etc/passwd"]) {
      expect(
        (await test.app.inject({ method: "GET", url: `/api/calendar/${encodeURIComponent(file)}` })).statusCode,
      ).toBe(404);
    }
  });

  it("is for students and teachers: anonymous callers get 401, administrators 403", async () => {
    const admin = bearer(await adminToken(test.app));
    for (const method of ["GET", "POST", "DELETE"] as const) {
      expect((await test.app.inject({ method, url: "/api/account/calendar-feed" })).statusCode).toBe(401);
      expect((await test.app.inject({ method, url: "/api/account/calendar-feed", headers: admin })).statusCode).toBe(
        403,
      );
    }
  });
});
