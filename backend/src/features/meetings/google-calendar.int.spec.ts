import { MAX_MEETING_ATTEMPTS, meetingRetryDelayMs } from "@el/domain/meetings/index";
import { lessonMeetingRows } from "@el/projections/meetings/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, eventsOfType } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "../../../test/fake-google-calendar";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../../test/fake-identity-provider";
import { givenLesson, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import { googleCalendarFromConfig } from "../../integrations/google-calendar/google-calendar";
import { doDueMeetingWork } from "./meeting-sweeper";

const HOUR = 3_600_000;

describe("Google Calendar/Meet for teachers", () => {
  let test: TestApp;
  let idp: MockIdentityProvider;
  let google: FakeGoogleCalendar;

  beforeAll(async () => {
    idp = await startMockIdentityProvider();
    google = await startFakeGoogleCalendar();
    test = await createTestApp({
      env: {
        ...idp.env,
        ...google.env,
        GOOGLE_REVOKE_URL: `${idp.issuer}/revoke`,
        // The sweep on a timer is left to these tests, which sweep at the instants they choose.
        MEETING_INTERVAL_MS: "3600000",
      },
    });
  });
  afterAll(async () => {
    await test?.close();
    await google?.stop();
    await idp?.stop();
  });

  /** The background work's run, once the read models show what the test's requests were answered (as later runs would). */
  const sweep = async (at: Date) => {
    const calendar = googleCalendarFromConfig(test.app.config);
    if (!calendar) throw new Error("Google is configured in these tests");
    await test.app.pendingWrites.shown();
    return doDueMeetingWork(test.app, calendar, at);
  };
  const status = async (person: Person) =>
    (await test.app.inject({ method: "GET", url: "/api/google/calendar", headers: person.auth })).json();

  /** The teacher's trip: our start, Google's consent page, and back to the `/calendar` return page. */
  const goToGoogle = async (teacher: Person) => {
    const start = await test.app.inject({
      method: "POST",
      url: "/api/google/calendar/authorize",
      headers: teacher.auth,
    });
    expect(start.statusCode, start.body).toBe(200);
    const consent = new URL(start.json().url);
    const atGoogle = await fetch(consent, { redirect: "manual" });
    const back = new URL(atGoogle.headers.get("location") as string);
    expect(back.pathname).toBe("/calendar");
    return { consent, code: back.searchParams.get("code") as string, state: back.searchParams.get("state") as string };
  };
  const returnFrom = (teacher: Person, trip: { code: string; state: string }) =>
    test.app.inject({
      method: "GET",
      url: `/api/google/calendar/code?code=${encodeURIComponent(trip.code)}&state=${encodeURIComponent(trip.state)}`,
      headers: teacher.auth,
    });
  const connectedTeacher = async () => {
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const back = await returnFrom(teacher, await goToGoogle(teacher));
    expect(back.statusCode, back.body).toBe(200);
    return teacher;
  };
  /** A lesson `days` days away that `teacher` claims through the API, as on their board. */
  const claimedLesson = async (teacher: Person, days = 3) => {
    const student = await givenStudent(test.app, { credits: 2, firstName: "Ana" });
    const date = new Date(Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR);
    const lessonId = await givenLesson(test.app, student, { date });
    const claimed = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: teacher.auth,
      payload: { schedulingId: lessonId },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    return { student, lessonId, date, jitsi: claimed.json().meetUrl as string };
  };
  const meetUrlSeenBy = async (person: Person, lessonId: number) =>
    (await test.app.inject({ method: "GET", url: `/api/schedulings/${lessonId}`, headers: person.auth })).json().lesson
      ?.meetUrl;

  it("lets only teachers see and change the connection, and says whether Google is configured", async () => {
    const teacher = await givenTeacher(test.app);
    const student = await givenStudent(test.app);
    expect(await status(teacher)).toEqual({ configured: true, connected: false, connectedAt: null });
    expect((await test.app.inject({ method: "GET", url: "/api/google/calendar" })).statusCode).toBe(401);
    for (const [method, url] of [
      ["GET", "/api/google/calendar"],
      ["POST", "/api/google/calendar/authorize"],
      ["GET", "/api/google/calendar/code?code=x&state=y"],
      ["DELETE", "/api/google/calendar"],
    ] as const)
      expect((await test.app.inject({ method, url, headers: student.auth })).statusCode, url).toBe(403);
  });

  it("asks Google for the calendar-events scope with offline access and PKCE, keeps the token sealed, and records no secret", async () => {
    const teacher = await givenTeacher(test.app);
    const trip = await goToGoogle(teacher);
    expect(trip.consent.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/calendar.events");
    expect(trip.consent.searchParams.get("access_type")).toBe("offline");
    expect(trip.consent.searchParams.get("code_challenge_method")).toBe("S256");
    expect(trip.consent.searchParams.get("redirect_uri")).toMatch(/\/calendar$/);

    const back = await returnFrom(teacher, trip);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers["x-app-alert"]).toBe("calendar.messages.connected");
    expect(back.json()).toMatchObject({ configured: true, connected: true });
    expect((await status(teacher)).connected).toBe(true);

    const { rows } = await test.db.query<{ sealed: string }>(
      "select sealed from google_calendar_tokens where teacher_id = $1",
      [teacher.id],
    );
    // oauth2-mock-server's refresh tokens are UUIDs: none may be stored readable.
    expect(rows[0]?.sealed).toBeDefined();
    expect(rows[0]?.sealed).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const [connected] = (await eventsOfType(test.app, "GoogleCalendarConnected")).filter(
      (event) => event.stream_id === `google-calendar-${teacher.id}`,
    );
    expect(Object.keys(connected?.data ?? {})).toEqual(["at"]);
  });

  it("refuses a forged state, a state played again, and one started by another teacher", async () => {
    const teacher = await givenTeacher(test.app);
    const other = await givenTeacher(test.app);
    const trip = await goToGoogle(teacher);
    const forged = await returnFrom(teacher, { ...trip, state: "forged-state" });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers["x-app-error"]).toBe("calendar.messages.error.state");

    const stolen = await goToGoogle(teacher);
    expect((await returnFrom(other, stolen)).statusCode).toBe(400);
    expect((await status(other)).connected).toBe(false);

    expect((await returnFrom(teacher, trip)).statusCode).toBe(200);
    expect((await returnFrom(teacher, trip)).statusCode).toBe(400);
  });

  it("gives a lesson a connected teacher claims a calendar event with a Google Meet link, once, after the claim", async () => {
    const teacher = await connectedTeacher();
    const { student, lessonId, date, jitsi } = await claimedLesson(teacher);
    // The claim itself answers at once with the built-in link: Google is called afterwards.
    expect(jitsi).toMatch(/^https:\/\/meet\.jit\.si\//);

    expect(await sweep(now())).toBeGreaterThanOrEqual(1);
    const event = google.events.get(`englishlesson${lessonId}t${teacher.id}`);
    expect(event).toMatchObject({ start: date.toISOString(), end: new Date(date.getTime() + HOUR).toISOString() });
    expect(event?.summary).toContain("Ana");
    expect(await meetUrlSeenBy(student, lessonId)).toBe(event?.meetUrl);
    expect(await meetUrlSeenBy(teacher, lessonId)).toBe(event?.meetUrl);

    const calls = google.calls();
    await sweep(now());
    expect(google.calls()).toBe(calls);
    expect(await eventsOfType(test.app, "LessonVideoLinkChanged")).toContainEqual(
      expect.objectContaining({ stream_id: `lesson-${lessonId}` }),
    );
  });

  it("keeps the Jitsi link for a teacher who did not connect", async () => {
    const teacher = await givenTeacher(test.app);
    const { student, lessonId, jitsi } = await claimedLesson(teacher);
    await sweep(now());
    expect(await lessonMeetingRows(test.db, lessonId)).toEqual([]);
    expect(await meetUrlSeenBy(student, lessonId)).toBe(jitsi);
  });

  it("deletes the calendar event when the lesson is cancelled", async () => {
    const teacher = await connectedTeacher();
    const { lessonId } = await claimedLesson(teacher);
    await sweep(now());
    const eventId = `englishlesson${lessonId}t${teacher.id}`;
    expect(google.events.get(eventId)?.deleted).toBe(false);

    const cancelled = await test.app.inject({
      method: "DELETE",
      url: `/api/schedulings/${lessonId}`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sweep(now());
    expect(google.events.get(eventId)?.deleted).toBe(true);
    expect(await lessonMeetingRows(test.db, lessonId)).toMatchObject([{ action: null, deleted: true }]);
  });

  it("moves the calendar event when an administrator moves the lesson", async () => {
    const teacher = await connectedTeacher();
    const { lessonId } = await claimedLesson(teacher);
    await sweep(now());
    const newStart = new Date(saoPauloTime(6, 18, 30));
    const moved = await test.app.inject({
      method: "PUT",
      url: `/api/lessons/${lessonId}`,
      headers: bearer(await adminToken(test.app)),
      payload: { date: saoPauloTime(6, 18, 30) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sweep(now());
    expect(google.events.get(`englishlesson${lessonId}t${teacher.id}`)).toMatchObject({
      start: newStart.toISOString(),
      end: new Date(newStart.getTime() + HOUR).toISOString(),
    });
    expect(await lessonMeetingRows(test.db, lessonId)).toMatchObject([{ action: null }]);
  });

  it("tries again after a failure, waiting longer each time, and leaves the Jitsi link after the last attempt", async () => {
    const teacher = await connectedTeacher();
    const { student, lessonId, jitsi } = await claimedLesson(teacher);
    google.failNext(1_000);
    let at = now();
    await sweep(at);
    expect(await lessonMeetingRows(test.db, lessonId)).toMatchObject([{ action: "create", failures: 1 }]);
    // Not before its wait is over.
    const calls = google.calls();
    await sweep(new Date(at.getTime() + meetingRetryDelayMs(1) / 2));
    expect(google.calls()).toBe(calls);

    for (let failures = 1; failures < MAX_MEETING_ATTEMPTS; failures++) {
      at = new Date(Date.parse((await lessonMeetingRows(test.db, lessonId))[0]?.nextAttemptAt ?? "") + 1000);
      await sweep(at);
    }
    google.failNext(0);
    expect(await lessonMeetingRows(test.db, lessonId)).toMatchObject([
      { action: null, failures: MAX_MEETING_ATTEMPTS },
    ]);
    await sweep(new Date(at.getTime() + 24 * HOUR));
    expect(await meetUrlSeenBy(student, lessonId)).toBe(jitsi);
  });

  it("reads the event an earlier attempt made when its conference was still pending, instead of making a twin", async () => {
    const teacher = await connectedTeacher();
    const { student, lessonId } = await claimedLesson(teacher);
    google.pendingNext(1);
    const at = now();
    await sweep(at);
    expect(await lessonMeetingRows(test.db, lessonId)).toMatchObject([{ action: "create", failures: 1 }]);
    await sweep(new Date(at.getTime() + meetingRetryDelayMs(1) + 1000));
    const event = google.events.get(`englishlesson${lessonId}t${teacher.id}`);
    expect(await meetUrlSeenBy(student, lessonId)).toBe(event?.meetUrl);
  });

  it("makes the event once when two sweeps run at the same time", async () => {
    const teacher = await connectedTeacher();
    const { lessonId } = await claimedLesson(teacher);
    const at = now();
    const before = google.calls();
    await Promise.all([sweep(at), sweep(at)]);
    // One insert (no 409 and re-read, no second insert).
    expect(google.calls() - before).toBe(1);
    expect(await eventsOfType(test.app, "MeetingCreated")).toEqual(
      expect.arrayContaining([expect.objectContaining({ stream_id: `lesson-meeting-${lessonId}` })]),
    );
    expect(
      (await eventsOfType(test.app, "MeetingClaimed")).filter((e) => e.stream_id === `lesson-meeting-${lessonId}`),
    ).toHaveLength(1);
  });

  it("disconnects: the token is deleted and lessons claimed afterwards keep Jitsi", async () => {
    const teacher = await connectedTeacher();
    const gone = await test.app.inject({ method: "DELETE", url: "/api/google/calendar", headers: teacher.auth });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(gone.headers["x-app-alert"]).toBe("calendar.messages.disconnected");
    expect((await status(teacher)).connected).toBe(false);
    const { rows } = await test.db.query("select 1 from google_calendar_tokens where teacher_id = $1", [teacher.id]);
    expect(rows).toEqual([]);
    const { lessonId } = await claimedLesson(teacher);
    expect(await lessonMeetingRows(test.db, lessonId)).toEqual([]);
  });

  it("forgets the Google token of a teacher whose personal data is erased", async () => {
    const teacher = await connectedTeacher();
    const erased = await test.app.inject({
      method: "POST",
      url: `/api/users/${encodeURIComponent(teacher.login)}/erase`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const tokens = () =>
      test.db.query("select 1 from google_calendar_tokens where teacher_id = $1", [teacher.id]).then((r) => r.rows);
    // A token just stored is left a few minutes for its connection to show up.
    await sweep(now());
    expect(await tokens()).toHaveLength(1);
    await sweep(new Date(Date.now() + 11 * 60_000));
    expect(await tokens()).toEqual([]);
  });

  /** Now, a moment later than the last claim (so every lesson accepted so far is due). */
  function now() {
    return new Date(Date.now() + 1000);
  }
});

describe("Google Calendar/Meet when Google is not configured", () => {
  it("says so, and has no start", async () => {
    const test = await createTestApp();
    try {
      const teacher = await givenTeacher(test.app);
      const answer = await test.app.inject({ method: "GET", url: "/api/google/calendar", headers: teacher.auth });
      expect(answer.json()).toEqual({ configured: false, connected: false, connectedAt: null });
      const start = await test.app.inject({
        method: "POST",
        url: "/api/google/calendar/authorize",
        headers: teacher.auth,
      });
      expect(start.statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });
});
