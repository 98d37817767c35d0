import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import { parseServerPush, type ServerToClientEvents } from "@el/domain/realtime";
import type { InjectOptions } from "fastify";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const pay = (lessonId: number, extra: Record<string, unknown> = {}, headers = admin) =>
  inject({ method: "POST", url: "/api/payments", headers, payload: { lesson: { id: lessonId }, ...extra } });
const unpay = (paymentId: number, query = "", headers = admin) =>
  inject({ method: "DELETE", url: `/api/payments/${paymentId}${query}`, headers });
const paymentEvents = async (lessonId: number) =>
  (await test.app.eventStore.readStream(lessonStreams.id(lessonId)))
    .filter((event) => event.type === "LessonPaid" || event.type === "LessonPaymentCancelled")
    .map((event) => event.type);
const teacherRow = async (teacher: Person) => {
  const list = await inject({ method: "GET", url: "/api/users/teacher?page=0&size=1000", headers: admin });
  return list.json<{ login: string; hasMissingPayment: boolean | null }[]>().find((row) => row.login === teacher.login);
};
const financeOf = async (teacher: Person) =>
  (await inject({ method: "GET", url: `/api/lessons/teacher/${teacher.login}`, headers: teacher.auth })).json<
    { status: string }[]
  >();

describe("POST api/payments", () => {
  it("pays a held lesson R$ 25 to its teacher, once: a second mark answers the same payment", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const lessonId = await givenLesson(test.app, student, { date: daysAgo(2), teacher });

    const first = await pay(lessonId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["x-app-alert"]).toBe("englishLessonsApp.payment.created");
    const payment = first.json();
    expect(payment).toMatchObject({ value: 25, valueCents: 2500, lesson: { id: lessonId } });
    expect(Date.parse(payment.date)).toBeGreaterThan(Date.now() - 60_000);

    const again = await pay(lessonId, { teacher: { login: teacher.login } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(payment);
    expect(await paymentEvents(lessonId)).toEqual(["LessonPaid"]);
    expect((await financeOf(teacher)).map((month) => month.status)).toEqual(["paid"]);
  });

  it("refuses a lesson not yet held, one without a teacher, a cancelled one, another teacher's, and an unknown one", async () => {
    const [student, teacher, other] = await Promise.all([
      givenStudent(test.app, { credits: 1 }),
      givenTeacher(test.app),
      givenTeacher(test.app),
    ]);
    const upcoming = await givenLesson(test.app, student, { date: new Date(Date.now() + 3 * DAY), teacher });
    const unclaimed = await givenLesson(test.app, student, { date: daysAgo(1) });
    const cancelled = await givenLesson(test.app, student, { date: new Date(Date.now() + 4 * DAY), teacher });
    const cancelledAnswer = await inject({ method: "DELETE", url: `/api/schedulings/${cancelled}`, headers: admin });
    expect(cancelledAnswer.statusCode).toBe(200);
    const held = await givenLesson(test.app, student, { date: daysAgo(1), teacher });

    expect((await pay(upcoming)).json().message).toBe(lessonErrors.notHeldYet);
    expect((await pay(unclaimed)).json().message).toBe(lessonErrors.notAccepted);
    expect((await pay(cancelled)).json().message).toBe(lessonErrors.cancelled);
    const wrongTeacher = await pay(held, { teacher: { login: other.login } });
    expect(wrongTeacher.statusCode).toBe(400);
    expect(wrongTeacher.json().message).toBe(lessonErrors.notTheTeacher);
    expect((await pay(999_999_999)).statusCode).toBe(404);
    for (const lessonId of [upcoming, unclaimed, cancelled, held]) expect(await paymentEvents(lessonId)).toEqual([]);
  });
});

describe("DELETE api/payments/{id}", () => {
  it("undoes a payment by its id (and by id and the teacher's login); the lesson is owed again", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const lessonId = await givenLesson(test.app, student, { date: daysAgo(3), teacher });
    const { id } = (await pay(lessonId)).json();

    const undone = await unpay(id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ id, lesson: { id: lessonId } });
    expect(undone.headers["x-app-alert"]).toBe("englishLessonsApp.payment.deleted");
    expect((await unpay(id)).statusCode).toBe(404);
    expect((await financeOf(teacher)).map((month) => month.status)).toEqual(["pending"]);
    expect((await teacherRow(teacher))?.hasMissingPayment).toBe(true);

    const again = (await pay(lessonId)).json();
    expect(again.id).not.toBe(id);
    expect((await unpay(again.id, `?login=${encodeURIComponent(`x${teacher.login}`)}`)).statusCode).toBe(404);
    expect((await unpay(again.id, `?login=${encodeURIComponent(teacher.login)}`)).statusCode).toBe(200);
    expect(await paymentEvents(lessonId)).toEqual([
      "LessonPaid",
      "LessonPaymentCancelled",
      "LessonPaid",
      "LessonPaymentCancelled",
    ]);
  });
});

describe("POST api/payments/month", () => {
  it("pays every owed lesson of the teacher's month, each its own event, and nothing more the second time", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    // Mid-month lessons in São Paulo, a month before this one.
    const base = new Date();
    base.setUTCDate(15);
    base.setUTCHours(15, 0, 0, 0);
    base.setUTCMonth(base.getUTCMonth() - 1);
    const year = Number(base.toLocaleString("en-US", { timeZone: "America/Sao_Paulo", year: "numeric" }));
    const month = Number(base.toLocaleString("en-US", { timeZone: "America/Sao_Paulo", month: "numeric" }));
    const lessons = await Promise.all(
      [0, 1, 2].map((day) => givenLesson(test.app, student, { date: new Date(base.getTime() + day * DAY), teacher })),
    );
    const earlier = await givenLesson(test.app, student, { date: new Date(base.getTime() - 40 * DAY), teacher });
    await pay(lessons[0] as number);
    expect((await teacherRow(teacher))?.hasMissingPayment).toBe(true);

    const payMonth = () =>
      inject({
        method: "POST",
        url: "/api/payments/month",
        headers: admin,
        payload: { teacher: { login: teacher.login }, year, month },
      });
    const paid = await payMonth();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().paid).toBe(2);
    expect(
      paid
        .json()
        .payments.map((payment: { lessonId: number }) => payment.lessonId)
        .sort(),
    ).toEqual([lessons[1], lessons[2]].sort());
    for (const lessonId of lessons) expect(await paymentEvents(lessonId)).toEqual(["LessonPaid"]);
    expect(await paymentEvents(earlier)).toEqual([]);
    expect((await payMonth()).json()).toEqual({ paid: 0, payments: [] });

    const detail = await inject({
      method: "GET",
      url: `/api/payments/teacher/${teacher.login}?year=${year}&month=${month}`,
      headers: admin,
    });
    expect(detail.json().map((row: { payment: unknown }) => row.payment !== null)).toEqual([true, true, true]);
    expect((await teacherRow(teacher))?.hasMissingPayment).toBe(true);
    await pay(earlier);
    expect((await teacherRow(teacher))?.hasMissingPayment).toBe(false);
    const profile = await inject({ method: "GET", url: `/api/users/${teacher.login}`, headers: admin });
    expect(profile.json().hasMissingPayment).toBe(false);
  });
});

describe("GET api/payments and api/payments/totalAmount", () => {
  it("lists payments with X-Total-Count, filtered by teacher, and adds them up", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const lessons = await Promise.all(
      [2, 3].map((days) => givenLesson(test.app, student, { date: daysAgo(days), teacher })),
    );
    for (const lessonId of lessons) await pay(lessonId);

    const list = await inject({
      method: "GET",
      url: `/api/payments?teacherId=${teacher.id}&page=0&size=1`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json()).toEqual([
      expect.objectContaining({
        value: 25,
        lesson: expect.objectContaining({ id: lessons[0] }),
        teacher: { id: teacher.id, firstName: teacher.firstName, lastName: "Lima" },
      }),
    ]);
    const one = await inject({ method: "GET", url: `/api/payments/${list.json()[0].id}`, headers: admin });
    expect(one.json()).toEqual(list.json()[0]);
    expect((await inject({ method: "GET", url: "/api/payments/999999999", headers: admin })).statusCode).toBe(404);
    const total = await inject({
      method: "GET",
      url: `/api/payments/totalAmount?teacherId=${teacher.id}`,
      headers: admin,
    });
    expect(total.json()).toEqual({ count: 2, totalAmount: 50, totalAmountCents: 5000 });
  });

  it("answers 403 to teachers and students on every payments route, and 401 to strangers", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const lessonId = await givenLesson(test.app, student, { date: daysAgo(2), teacher });
    const routes: InjectOptions[] = [
      { method: "GET", url: "/api/payments" },
      { method: "GET", url: "/api/payments/totalAmount" },
      { method: "GET", url: "/api/payments/1" },
      { method: "GET", url: `/api/payments/teacher/${teacher.login}` },
      { method: "POST", url: "/api/payments", payload: { lesson: { id: lessonId } } },
      {
        method: "POST",
        url: "/api/payments/month",
        payload: { teacher: { login: teacher.login }, year: 2026, month: 1 },
      },
      { method: "DELETE", url: "/api/payments/1" },
    ];
    for (const route of routes) {
      for (const person of [teacher, student])
        expect((await inject({ ...route, headers: person.auth })).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await paymentEvents(lessonId)).toEqual([]);
  });
});

describe("the teacher hears of payments live", () => {
  it("a teacher connected to the socket is told of each lesson the administrator pays or unpays", async () => {
    const [student, teacher, other] = await Promise.all([
      givenStudent(test.app),
      givenTeacher(test.app),
      givenTeacher(test.app),
    ]);
    const lessons = await Promise.all(
      [2, 3].map((days) => givenLesson(test.app, student, { date: daysAgo(days), teacher })),
    );
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const address = test.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const connect = (person: Person) => {
      const socket: Socket<ServerToClientEvents> = io(`http://127.0.0.1:${address.port}`, {
        auth: { token: person.token },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      const heard: unknown[] = [];
      socket.on("payment:changed", (payload) => heard.push(parseServerPush("payment:changed", payload)));
      return new Promise<{ socket: Socket; heard: unknown[] }>((resolve, reject) => {
        socket.once("connect", () => resolve({ socket, heard }));
        socket.once("connect_error", reject);
      });
    };
    const [mine, theirs] = await Promise.all([connect(teacher), connect(other)]);
    try {
      const { id } = (await pay(lessons[0] as number)).json();
      await unpay(id);
      await pay(lessons[1] as number);
      await expect
        .poll(() => mine.heard, { timeout: 5000 })
        .toEqual([
          { lessonId: lessons[0], paid: true },
          { lessonId: lessons[0], paid: false },
          { lessonId: lessons[1], paid: true },
        ]);
      expect(theirs.heard).toEqual([]);
    } finally {
      mine.socket.disconnect();
      theirs.socket.disconnect();
    }
  });
});

describe("POST api/payments/month on the business clock", () => {
  // 20 June 2026, 15:00 in São Paulo: a lesson given on the 10th, one in progress, one on the 25th.
  const clock = movableClock(new Date("2026-06-20T18:00:00Z"));
  let clocked: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp({ overrides: { clock } });
  });
  afterAll(() => clocked.close());

  it("pays only the lessons of the month already given, never those in progress or still to come", async () => {
    const [student, teacher] = await Promise.all([givenStudent(clocked.app), givenTeacher(clocked.app)]);
    const [given, inProgress, toCome] = await Promise.all(
      ["2026-06-10T13:00:00Z", "2026-06-20T17:30:00Z", "2026-06-25T13:00:00Z"].map((date) =>
        givenLesson(clocked.app, student, { date: new Date(date), teacher }),
      ),
    );
    const headers = bearer(await adminToken(clocked.app));
    const paid = await clocked.app.inject({
      method: "POST",
      url: "/api/payments/month",
      headers,
      payload: { teacher: { login: teacher.login }, year: 2026, month: 6 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payments.map((payment: { lessonId: number }) => payment.lessonId)).toEqual([given]);
    const events = async (lessonId: number) =>
      (await clocked.app.eventStore.readStream(lessonStreams.id(lessonId)))
        .filter((event) => event.type === "LessonPaid")
        .map((event) => event.type);
    expect(await events(inProgress as number)).toEqual([]);
    expect(await events(toCome as number)).toEqual([]);
    const [june] = (
      await clocked.app.inject({ method: "GET", url: `/api/lessons/teacher/${teacher.login}`, headers: teacher.auth })
    ).json();
    expect(june).toMatchObject({ paidLessons: 1, owedLessons: 0, upcomingLessons: 2, status: "scheduled" });
  });
});
