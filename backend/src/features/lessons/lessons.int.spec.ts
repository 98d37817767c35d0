import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  aTrail,
  givenLesson,
  givenStudent,
  givenTeacher,
  type Person,
  saoPauloTime,
} from "../../../test/lesson-fixtures";

let test: TestApp;
let trail: Awaited<ReturnType<typeof aTrail>>;
beforeAll(async () => {
  test = await createTestApp();
  trail = await aTrail(test.app);
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const balanceOf = async (person: Person) => {
  const { rows } = await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id]);
  return rows[0]?.balance;
};
const cancellationsOf = async (lessonId: number) =>
  (await test.app.eventStore.readStream(lessonStreams.id(lessonId)))
    .filter((event) => event.type === "LessonCancelled")
    .map((event) => event.data);
const schedule = (student: Person, date = saoPauloTime(3, 10), extra: Record<string, unknown> = {}) =>
  inject({
    method: "POST",
    url: "/api/schedulings",
    headers: student.auth,
    payload: { trail: { id: trail.id }, date, objective: "TRAVEL", ...extra },
  });
const claim = (teacher: Person, schedulingId: number) =>
  inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });

describe("POST api/schedulings", () => {
  it("schedules the lesson, answers the scheduling and spends one credit", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    const response = await schedule(student);
    expect(response.statusCode).toBe(201);
    const scheduling = response.json();
    expect(response.headers["x-app-alert"]).toBe("lessons.alerts.scheduled");
    expect(decodeURIComponent(String(response.headers["x-app-params"]))).toBe(String(scheduling.id));
    expect(scheduling).toMatchObject({
      objective: "TRAVEL",
      trail: { id: trail.id, number: trail.number, title: trail.title, level: 1 },
      level: { id: 1 },
      lesson: null,
    });
    expect(scheduling.date).toBe(new Date(saoPauloTime(3, 10)).toISOString());
    expect(await balanceOf(student)).toBe(1);
    const mine = await inject({ method: "GET", url: "/api/schedulings/authenticatedUser", headers: student.auth });
    expect(mine.json().map((s: { id: number }) => s.id)).toEqual([scheduling.id]);
    expect(mine.headers["x-total-count"]).toBe("1");
  });

  it("refuses with the spec's notice when the student has no credit left", async () => {
    const student = await givenStudent(test.app);
    const response = await schedule(student);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_CREDITS_LEFT);
  });

  it("refuses times off the half hour, outside 07:00–22:00 and in the past, spending nothing", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    for (const [date, message] of [
      [saoPauloTime(3, 10, 15), lessonErrors.halfHours],
      [saoPauloTime(3, 6, 30), lessonErrors.hours],
      [saoPauloTime(3, 22, 30), lessonErrors.hours],
      [saoPauloTime(-1, 10), lessonErrors.past],
    ] as const) {
      const response = await schedule(student, date);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "date", message }]);
    }
    expect(await balanceOf(student)).toBe(1);
  });

  it("asks for the trail and the date with the spec's required text under each field, spending nothing", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const post = (payload: Record<string, unknown>) =>
      inject({ method: "POST", url: "/api/schedulings", headers: student.auth, payload });
    const required = (field: string) => ({ field, message: lessonErrors.required });
    const date = saoPauloTime(3, 10);

    for (const trailLeftOut of [{ date }, { trail: null, date }, { trail: {}, date }, { trail: { id: "" }, date }]) {
      const response = await post(trailLeftOut);
      expect(response.statusCode, JSON.stringify(trailLeftOut)).toBe(400);
      expect(response.json().fieldErrors).toEqual([required("trail")]);
    }
    for (const dateLeftOut of [{ trail: { id: trail.id } }, { trail: { id: trail.id }, date: "" }]) {
      const response = await post(dateLeftOut);
      expect(response.statusCode, JSON.stringify(dateLeftOut)).toBe(400);
      expect(response.json().fieldErrors).toEqual([required("date")]);
    }
    expect((await post({})).json().fieldErrors).toEqual([required("trail"), required("date")]);
    expect(await balanceOf(student)).toBe(1);
  });

  it("refuses a trail of another level than the one chosen, and an unknown trail", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const otherLevel = await schedule(student, saoPauloTime(3, 10), { level: { id: 2 } });
    expect(otherLevel.json().message).toBe(lessonErrors.trailOfOtherLevel);
    const unknown = await schedule(student, saoPauloTime(3, 10), { trail: { id: 999_999 } });
    expect(unknown.json().message).toBe(lessonErrors.trailNotFound);
  });

  it("is for students only", async () => {
    const teacher = await givenTeacher(test.app);
    expect((await schedule(teacher)).statusCode).toBe(403);
    const anonymous = await inject({ method: "POST", url: "/api/schedulings", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("claiming a lesson", () => {
  it("gives the lesson a teacher and a Jitsi link; the board and the student's list follow", async () => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Marina" });
    const teacher = await givenTeacher(test.app, { firstName: "Paulo" });
    const { id } = (await schedule(student, saoPauloTime(4, 15, 30))).json();

    const board = await inject({ method: "GET", url: "/api/schedulings/withoutLesson/fromNow", headers: teacher.auth });
    expect(board.json().map((s: { id: number }) => s.id)).toContain(id);

    const response = await claim(teacher, id);
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-app-alert"]).toBe("lessons.alerts.accepted");
    const lesson = response.json();
    expect(lesson.id).toBe(id);
    expect(lesson.meetUrl).toMatch(/^https:\/\/meet\.jit\.si\/EnglishLessons-\d+-[\w-]{12}$/);
    expect(lesson.teacher).toEqual({ id: teacher.id, firstName: "Paulo", lastName: "Lima" });
    expect(lesson.scheduling.lesson.meetUrl).toBe(lesson.meetUrl);

    const after = await inject({ method: "GET", url: "/api/schedulings/withoutLesson", headers: teacher.auth });
    expect(after.json().map((s: { id: number }) => s.id)).not.toContain(id);

    const lessons = await inject({
      method: "GET",
      url: "/api/lessons/authenticatedUser?page=0&size=5",
      headers: student.auth,
    });
    expect(lessons.json()).toMatchObject({
      totalElements: 1,
      content: [
        {
          id,
          lessonId: id,
          status: "Aceito",
          time: "15:30",
          endTime: "16:30",
          teacherFromLesson: "Paulo Lima",
          meetUrl: lesson.meetUrl,
          remuneration: 40,
          student: "Marina Souza",
        },
      ],
    });
    const teacherView = await inject({ method: "GET", url: "/api/lessons/authenticatedUser", headers: teacher.auth });
    expect(teacherView.json().content[0]).toMatchObject({ id, teacherFromLesson: "Marina Souza" });
  });

  it("tells a second teacher the lesson was already claimed", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const [first, second] = [await givenTeacher(test.app), await givenTeacher(test.app)];
    const { id } = (await schedule(student)).json();
    expect((await claim(first, id)).statusCode).toBe(201);
    const late = await claim(second, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(lessonErrors.alreadyClaimed);
  });

  it("keeps a teacher from claiming two lessons that overlap, but not back-to-back ones", async () => {
    // Two students: one student's own lessons never overlap.
    const [student, another] = [
      await givenStudent(test.app, { credits: 2 }),
      await givenStudent(test.app, { credits: 1 }),
    ];
    const teacher = await givenTeacher(test.app);
    const ten = (await schedule(student, saoPauloTime(5, 10))).json().id;
    const tenThirty = (await schedule(another, saoPauloTime(5, 10, 30))).json().id;
    const eleven = (await schedule(student, saoPauloTime(5, 11))).json().id;
    expect((await claim(teacher, ten)).statusCode).toBe(201);
    const overlapping = await claim(teacher, tenThirty);
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe(lessonErrors.teacherBusy);
    expect((await claim(teacher, eleven)).statusCode).toBe(201);
  });

  it("is for teachers only and answers 404 for an unknown lesson", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const { id } = (await schedule(student)).json();
    expect((await claim(student, id)).statusCode).toBe(403);
    expect((await claim(teacher, 999_999)).statusCode).toBe(404);
  });
});

describe("cancelling", () => {
  it("with 24 hours of notice, cancels and gives the credit back, freeing the teacher's hour", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const date = saoPauloTime(6, 9);
    const { id } = (await schedule(student, date)).json();
    await claim(teacher, id);
    expect(await balanceOf(student)).toBe(0);

    const response = await inject({ method: "DELETE", url: `/api/schedulings/${id}`, headers: student.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, refunded: true });
    // An i18n key the web app translates, never a sentence (a header's non-ASCII arrived as "crÃ©dito").
    expect(response.headers["x-app-alert"]).toBe("lessons.alerts.cancelledRefunded");
    expect(decodeURIComponent(String(response.headers["x-app-params"]))).toBe(String(id));
    expect(await cancellationsOf(id)).toEqual([expect.objectContaining({ refunded: true })]);
    expect(await balanceOf(student)).toBe(1);
    const mine = await inject({ method: "GET", url: "/api/schedulings/authenticatedUser", headers: student.auth });
    expect(mine.json()).toEqual([]);

    const again = (await schedule(student, date)).json().id;
    expect((await claim(teacher, again)).statusCode).toBe(201);
  });

  it("answers whether the credit came back as the lesson's cancellation recorded it, when asked again", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const id = await givenLesson(test.app, student, { date: new Date(Date.now() + 5 * 86_400_000) });
    // A cancellation that kept the credit, as the stream may hold one: the answer reads it, not a constant.
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: lessonStreams.id(id),
        events: [
          {
            type: "LessonCancelled",
            data: { by: student.id, role: "student", refunded: false, at: new Date().toISOString() },
          },
        ],
        expectedVersion: "any",
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);

    const response = await inject({ method: "DELETE", url: `/api/schedulings/${id}`, headers: student.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, refunded: false });
    expect(response.headers["x-app-alert"]).toBe("lessons.alerts.cancelled");
    expect(await cancellationsOf(id)).toHaveLength(1);
    expect(await balanceOf(student)).toBe(0);
  });

  it("later than 24 hours before, refuses with the cancellation policy and keeps the credit spent", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const id = await givenLesson(test.app, student, { date: new Date(Date.now() + 5 * 3_600_000) });
    const response = await inject({ method: "DELETE", url: `/api/schedulings/${id}`, headers: student.auth });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(lessonErrors.cancellationPolicy);
    expect(await balanceOf(student)).toBe(0);
  });

  it("does not find another student's lesson, pending or cancelled, and changes nothing", async () => {
    const [owner, other] = [await givenStudent(test.app, { credits: 2 }), await givenStudent(test.app)];
    const cancelAs = (student: Person, id: number) =>
      inject({ method: "DELETE", url: `/api/schedulings/${id}`, headers: student.auth });
    const { id: pending } = (await schedule(owner, saoPauloTime(6, 10))).json();
    const { id: cancelled } = (await schedule(owner, saoPauloTime(6, 11))).json();
    expect((await cancelAs(owner, cancelled)).statusCode).toBe(200);

    for (const id of [pending, cancelled]) {
      const response = await cancelAs(other, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(lessonErrors.notFound);
    }
    expect(await cancellationsOf(pending)).toEqual([]);
    expect(await cancellationsOf(cancelled)).toHaveLength(1);
    expect(await balanceOf(owner)).toBe(1);
  });

  it("answers another student's or another teacher's lesson as it answers an unknown id", async () => {
    const [owner, other] = [await givenStudent(test.app, { credits: 1 }), await givenStudent(test.app)];
    const [teacher, otherTeacher] = [await givenTeacher(test.app), await givenTeacher(test.app)];
    const { id } = (await schedule(owner, saoPauloTime(7, 10))).json();
    await claim(teacher, id);
    const read = (person: Person, schedulingId: number) =>
      inject({ method: "GET", url: `/api/schedulings/${schedulingId}`, headers: person.auth });
    const unknown = await read(other, 987_654);
    expect(unknown.statusCode).toBe(404);
    for (const person of [other, otherTeacher]) {
      const response = await read(person, id);
      expect([response.statusCode, response.json()]).toEqual([404, unknown.json()]);
    }
    expect((await read(owner, id)).statusCode).toBe(200);
    expect((await read(teacher, id)).statusCode).toBe(200);
  });
});

describe("feedback", () => {
  it("prompts the student for the last lesson over an hour ago, then takes the rating on that lesson", async () => {
    const student = await givenStudent(test.app);
    const teacher = await givenTeacher(test.app);
    const older = await givenLesson(test.app, student, { date: new Date(Date.now() - 50 * 3_600_000), teacher });
    const last = await givenLesson(test.app, student, { date: new Date(Date.now() - 2 * 3_600_000), teacher });
    await givenLesson(test.app, student, { date: new Date(Date.now() - 30 * 60_000), teacher });

    const prompt = async () =>
      (
        await inject({
          method: "GET",
          url: "/api/schedulings/authenticatedUser/lastWithoutFeedback",
          headers: student.auth,
        })
      ).json();
    expect((await prompt()).id).toBe(last);

    const rated = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: last, note: 5, information: "Ótima aula" },
    });
    expect(rated.statusCode).toBe(201);
    expect(rated.json().lessonId).toBe(last);
    expect((await prompt()).id).toBe(older);

    // Skipping the prompt stores an empty feedback, and the prompt does not come back.
    const skipped = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: older },
    });
    expect(skipped.statusCode).toBe(201);
    expect(await prompt()).toBeNull();
    const { rows } = await test.db.query("select note, information from student_feedbacks where lesson_id = $1", [
      older,
    ]);
    expect(rows).toEqual([{ note: null, information: "" }]);

    const twice = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: last, note: 1 },
    });
    expect(twice.statusCode).toBe(409);
  });

  it("takes the teacher's report with the section 5 rules, on the real lesson", async () => {
    const student = await givenStudent(test.app);
    const teacher = await givenTeacher(test.app);
    const lessonId = await givenLesson(test.app, student, { date: new Date(Date.now() - 3 * 3_600_000), teacher });
    const report = (payload: Record<string, unknown>) =>
      inject({
        method: "POST",
        url: "/api/teacher-feedbacks",
        headers: teacher.auth,
        payload: { lessonId, ...payload },
      });

    const partly = {
      status: 2,
      note: 4,
      sugestions: "Review phrasal verbs",
      productSugestions: "More listening exercises",
      studentInformation: "Motivated",
    };
    const missing = await report(partly);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ field: "partialyHeld", message: lessonErrors.required }]);
    expect((await report({ ...partly, status: 0 })).json().message).toBe(lessonErrors.chooseOption);
    const { productSugestions: _, ...withoutProduct } = { ...partly, partialyHeld: "Exercise 4" };
    const noProduct = await report(withoutProduct);
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().fieldErrors).toEqual([{ field: "productSugestions", message: lessonErrors.required }]);

    const saved = await report({ ...partly, partialyHeld: "Exercise 4" });
    expect(saved.statusCode).toBe(201);
    const { rows } = await test.db.query(
      "select lesson_id::int as lesson_id, status, partialy_held, product_sugestions from teacher_feedbacks where id = $1",
      [saved.json().id],
    );
    expect(rows).toEqual([
      {
        lesson_id: lessonId,
        status: 2,
        partialy_held: "Exercise 4",
        product_sugestions: "More listening exercises",
      },
    ]);
    const prompt = await inject({
      method: "GET",
      url: "/api/schedulings/authenticatedUser/lastWithoutFeedback",
      headers: teacher.auth,
    });
    expect(prompt.json()).toBeNull();
  });
});

describe("GET api/lessons/authenticatedUser by period", () => {
  const day = 86_400_000;
  const lessonsIn = async (student: Person, query: string) => {
    const response = await inject({
      method: "GET",
      url: `/api/lessons/authenticatedUser?${query}`,
      headers: student.auth,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { content: { id: number; status: string }[]; totalElements: number };
    return { ids: page.content.map((lesson) => lesson.id), total: page.totalElements, content: page.content };
  };

  it("splits the student's lessons into today (São Paulo day), upcoming and finished; a past lesson no teacher took shows nowhere", async () => {
    const student = await givenStudent(test.app);
    const teacher = await givenTeacher(test.app);
    const now = Date.now();
    // 22:30 in São Paulo (or halfway to midnight when later than that): still ahead and still today for
    // the student, though already tomorrow in UTC, so a day counted in UTC would put it under upcoming.
    const nextMidnight = Date.parse(`${saoPauloTime(1, 0).slice(0, 10)}T00:00:00-03:00`);
    const beforeMidnight = Math.min(90 * 60_000, (nextMidnight - now) / 2);
    const laterToday = await givenLesson(test.app, student, { date: new Date(nextMidnight - beforeMidnight) });
    const tomorrow = await givenLesson(test.app, student, { date: new Date(saoPauloTime(1, 10)), teacher });
    const pastAccepted = await givenLesson(test.app, student, { date: new Date(now - 3 * day), teacher });
    const pastPending = await givenLesson(test.app, student, { date: new Date(now - 2 * day) });

    const today = await lessonsIn(student, "period=today&page=0&size=5");
    expect(today).toMatchObject({ ids: [laterToday], total: 1, content: [{ status: "Pendente" }] });
    const upcoming = await lessonsIn(student, "period=upcoming&page=0&size=5");
    expect(upcoming).toMatchObject({ ids: [tomorrow], total: 1, content: [{ status: "Aceito" }] });
    const finished = await lessonsIn(student, "period=finished&page=0&size=5");
    expect(finished).toMatchObject({ ids: [pastAccepted], total: 1 });

    expect([...today.ids, ...upcoming.ids, ...finished.ids]).not.toContain(pastPending);
    // Without a period the list still holds every lesson that stands, the unclaimed past one included.
    expect((await lessonsIn(student, "page=0&size=5")).total).toBe(4);
  });

  it("pages finished lessons five at a time, latest first, with the total for the page buttons", async () => {
    const student = await givenStudent(test.app);
    const teacher = await givenTeacher(test.app);
    const now = Date.now();
    const oldestFirst: number[] = [];
    for (let daysAgo = 6; daysAgo >= 1; daysAgo--)
      oldestFirst.push(await givenLesson(test.app, student, { date: new Date(now - daysAgo * day), teacher }));
    const latestFirst = [...oldestFirst].reverse();

    const first = await lessonsIn(student, "period=finished&page=0&size=5&sort=date,desc");
    expect(first).toMatchObject({ ids: latestFirst.slice(0, 5), total: 6 });
    const second = await lessonsIn(student, "period=finished&page=1&size=5&sort=date,desc");
    expect(second).toMatchObject({ ids: latestFirst.slice(5), total: 6 });
  });
});

describe("GET api/lessons/teacher/{login}", () => {
  it("shows one card per month at R$ 25 per lesson, to the teacher and to administrators only", async () => {
    const student = await givenStudent(test.app);
    const teacher = await givenTeacher(test.app);
    await givenLesson(test.app, student, { date: new Date("2026-03-10T13:00:00Z"), teacher });
    await givenLesson(test.app, student, { date: new Date("2026-03-20T13:00:00Z"), teacher });
    // 1 April 01:30 UTC is still 31 March in São Paulo.
    await givenLesson(test.app, student, { date: new Date("2026-04-01T01:30:00Z"), teacher });
    await givenLesson(test.app, student, { date: new Date("2026-04-10T13:00:00Z"), teacher });

    const response = await inject({
      method: "GET",
      url: `/api/lessons/teacher/${teacher.login}`,
      headers: teacher.auth,
    });
    expect(response.statusCode).toBe(200);
    // Every lesson here was given (they are all in the past) and none is paid yet.
    const given = (owedLessons: number) => ({ owedLessons, paidLessons: 0, upcomingLessons: 0 });
    expect(response.json()).toEqual([
      { year: 2026, month: 4, totalLessons: 1, value: 25, valueCents: 2500, status: "pending", ...given(1) },
      { year: 2026, month: 3, totalLessons: 3, value: 75, valueCents: 7500, status: "pending", ...given(3) },
    ]);
    const other = await givenTeacher(test.app);
    const refused = await inject({ method: "GET", url: `/api/lessons/teacher/${teacher.login}`, headers: other.auth });
    expect(refused.statusCode).toBe(403);
  });
});
