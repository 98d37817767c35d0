import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PERSON_REMOVED } from "@el/domain/accounts/personal-data";
import { disputeStreams } from "@el/domain/disputes/dispute";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { pushSettingStreams } from "@el/domain/push/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { type FakePushService, startFakePushService } from "../../../test/fake-push-service";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { sendDuePushes } from "./push-sender";

const HOUR = 3_600_000;

describe("phone notifications", () => {
  let test: TestApp;
  let pushService: FakePushService;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "push-data-"));
    pushService = await startFakePushService();
    // The sweep on a timer is left to these tests, which sweep at the instants they choose.
    test = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        PUSH_INTERVAL_MS: "3600000",
        PUSH_ENDPOINT_HOSTS: `${pushService.origin}, *.push.apple.com`,
      },
    });
  });
  afterAll(async () => {
    await test.close();
    await pushService.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const subscribed = async (person: Person) => {
    const subscription = pushService.subscribe();
    const response = await test.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: person.auth,
      payload: subscription,
    });
    expect(response.statusCode, response.body).toBe(204);
    return subscription.endpoint;
  };
  /** What a sweep at `at` delivered to these endpoints (the other tests' notifications are due too). */
  const sweep = async (at: Date, ...endpoints: string[]) => {
    const before = pushService.received.length;
    await sendDuePushes(test.app, at);
    return pushService.received.slice(before).filter((push) => endpoints.includes(push.endpoint));
  };
  const acceptedLesson = async (inHours = 48) => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const studentPhone = await subscribed(student);
    const teacherPhone = await subscribed(teacher);
    const date = new Date(Math.ceil((Date.now() + inHours * HOUR) / HOUR) * HOUR);
    const lessonId = await givenLesson(test.app, student, { date, teacher });
    return { student, teacher, studentPhone, teacherPhone, date, lessonId };
  };

  it("gives a signed-in student or teacher the VAPID public key generated at the first start and kept in DATA_DIR", async () => {
    const student = await givenStudent(test.app);
    const response = await test.app.inject({ method: "GET", url: "/api/push/public-key", headers: student.auth });
    expect(response.statusCode).toBe(200);
    const kept = JSON.parse(await readFile(path.join(dataDir, "vapid-keys.json"), "utf8"));
    expect(response.json()).toEqual({ publicKey: kept.publicKey });
    expect(Buffer.from(kept.publicKey, "base64url")).toHaveLength(65);
    expect((await test.app.inject({ method: "GET", url: "/api/push/public-key" })).statusCode).toBe(401);
  });

  it("lets only students and teachers subscribe, and refuses a subscription that is not a browser's", async () => {
    const admin = bearer(await adminToken(test.app));
    const asAdmin = await test.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: admin,
      payload: pushService.subscribe(),
    });
    expect(asAdmin.statusCode).toBe(403);
    const student = await givenStudent(test.app);
    const subscription = pushService.subscribe();
    for (const payload of [
      { ...subscription, keys: { ...subscription.keys, auth: "short" } },
      { ...subscription, endpoint: "not a url" },
      { endpoint: subscription.endpoint },
    ]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: student.auth,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("takes only endpoints at the configured push services, so no one makes the server post to another address", async () => {
    const student = await givenStudent(test.app);
    const { keys } = pushService.subscribe();
    const post = (endpoint: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: student.auth,
        payload: { endpoint, keys },
      });
    for (const [endpoint, message] of [
      ["https://10.0.0.7/push/1", "error.push.unknownService"],
      ["https://169.254.169.254/latest/meta-data", "error.push.unknownService"],
      ["https://fcm.googleapis.com/fcm/send/abc", "error.push.unknownService"],
      ["https://push.apple.com.attacker.example/3/device/abc", "error.push.unknownService"],
      ["https://web.push.apple.com:8443/abc", "error.push.unknownService"],
      ["https://web.push.apple.com@127.0.0.1/abc", "error.push.unknownService"],
      ["http://web.push.apple.com/abc", "error.push.insecureEndpoint"],
      [`${pushService.origin.replace("127.0.0.1", "localhost")}/push/1`, "error.push.insecureEndpoint"],
    ]) {
      const refused = await post(endpoint as string);
      expect([refused.statusCode, refused.json().message], endpoint).toEqual([400, message]);
    }
    expect(await test.app.eventStore.readStream(pushSettingStreams.id(student.id))).toEqual([]);
    const apple = await post("https://web.push.apple.com/QGuQyavXutnMH4on");
    expect(apple.statusCode, apple.body).toBe(204);
    const removed = await test.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: student.auth,
      payload: { endpoint: "https://web.push.apple.com/QGuQyavXutnMH4on" },
    });
    expect(removed.statusCode).toBe(204);
  });

  it("tells the student their lesson was accepted, sealed for their browser and signed with VAPID, once", async () => {
    const { studentPhone, teacherPhone } = await acceptedLesson();
    const sent = await sweep(new Date(), studentPhone, teacherPhone);
    expect(pushService.refused).toEqual([]);
    expect(sent.map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: "LESSON_ACCEPTED",
        title: "Sua aula foi confirmada",
        body: expect.stringContaining("Bruno vai dar a sua aula"),
        url: "/student",
      }),
    ]);
    expect(sent[0]?.endpoint).toBe(studentPhone);
    expect(await sweep(new Date(), studentPhone, teacherPhone)).toEqual([]);
  });

  it("reminds both an hour before the lesson, once, even when swept again as by a restarted process", async () => {
    const { studentPhone, teacherPhone, date } = await acceptedLesson();
    await sweep(new Date());
    expect(await sweep(new Date(date.getTime() - 2 * HOUR), studentPhone, teacherPhone)).toEqual([]);
    const reminded = await sweep(new Date(date.getTime() - 30 * 60_000), studentPhone, teacherPhone);
    expect(reminded.map((push) => [push.endpoint, (push.payload as { kind: string }).kind]).sort()).toEqual(
      [
        [studentPhone, "LESSON_REMINDER"],
        [teacherPhone, "LESSON_REMINDER"],
      ].sort(),
    );
    expect(reminded.every((push) => push.headers.urgency === "high")).toBe(true);
    expect(await sweep(new Date(date.getTime() - 20 * 60_000), studentPhone, teacherPhone)).toEqual([]);
  });

  it("tells the teacher a lesson was requested of them", async () => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Carla" });
    const teacher = await givenTeacher(test.app);
    const phone = await subscribed(teacher);
    const id = await test.app.nextId();
    const now = Date.now();
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: lessonStreams.id(id),
        expectedVersion: "any",
        events: [
          {
            type: "LessonScheduled",
            data: {
              id,
              student: { id: student.id, firstName: "Carla", lastName: "Souza" },
              trail: { id: 1, number: 1, title: "Greetings" },
              level: { id: 1, name: "Begginer" },
              date: new Date(now + 72 * HOUR).toISOString(),
              objective: "TRAVEL",
              createdDate: new Date(now).toISOString(),
              chosenTeacher: {
                teacher: { id: teacher.id, firstName: teacher.firstName, lastName: "Lima" },
                how: "REQUESTED",
                expiresAt: new Date(now + 24 * HOUR).toISOString(),
                fallback: "BOARD",
              },
            },
          },
        ],
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);
    const sent = await sweep(new Date(), phone);
    expect(sent.map((push) => push.payload)).toEqual([
      expect.objectContaining({ kind: "LESSON_REQUESTED", title: "Aula solicitada para você", url: "/teacher" }),
    ]);
  });

  it("sends none of the kinds a person turned off", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const phone = await subscribed(student);
    const off = await test.app.inject({
      method: "PUT",
      url: "/api/push/preferences",
      headers: student.auth,
      payload: { off: ["LESSON_ACCEPTED"] },
    });
    expect(off.json()).toEqual({ off: ["LESSON_ACCEPTED"], subscriptions: 1 });
    const bad = await test.app.inject({
      method: "PUT",
      url: "/api/push/preferences",
      headers: student.auth,
      payload: { off: ["EVERYTHING"] },
    });
    expect(bad.statusCode).toBe(400);
    const date = new Date(Date.now() + 30 * 60_000);
    await givenLesson(test.app, student, { date, teacher });
    const sent = await sweep(new Date(), phone);
    expect(sent.map((push) => (push.payload as { kind: string }).kind)).toEqual(["LESSON_REMINDER"]);
  });

  it("drops a subscription its push service says is gone, and keeps sending to the person's other browsers", async () => {
    const { student, studentPhone } = await acceptedLesson();
    const laptop = await subscribed(student);
    pushService.gone.add(studentPhone);
    const sent = await sweep(new Date(), studentPhone, laptop);
    expect(sent.map((push) => push.endpoint)).toEqual([laptop]);
    const preferences = await test.app.inject({ method: "GET", url: "/api/push/preferences", headers: student.auth });
    expect(preferences.json()).toEqual({ off: [], subscriptions: 1 });
    const history = await test.app.eventStore.readStream(pushSettingStreams.id(student.id));
    expect(history.map((event) => event.type)).toContain("PushSubscriptionExpired");
  });

  it("unsubscribes a browser by its endpoint", async () => {
    const student = await givenStudent(test.app);
    const phone = await subscribed(student);
    const response = await test.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: student.auth,
      payload: { endpoint: phone },
    });
    expect(response.statusCode).toBe(204);
    const preferences = await test.app.inject({ method: "GET", url: "/api/push/preferences", headers: student.auth });
    expect(preferences.json()).toEqual({ off: [], subscriptions: 0 });
  });

  it("puts a person's subscriptions in their data download, and erasing them shreds and drops the subscriptions", async () => {
    const student = await givenStudent(test.app);
    const phone = await subscribed(student);
    const download = await test.app.inject({ method: "GET", url: "/api/account/export", headers: student.auth });
    expect(download.json().pushNotifications).toEqual([
      expect.objectContaining({ type: "PushSubscribed", data: expect.objectContaining({ endpoint: phone }) }),
    ]);
    const erased = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.id}/erase`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(erased.statusCode).toBe(204);
    const { rows } = await test.db.query("select 1 from push_subscriptions where user_id = $1", [student.id]);
    expect(rows).toEqual([]);
    const [event] = await test.app.eventStore.readStream(pushSettingStreams.id(student.id));
    expect(event?.data).toMatchObject({ endpoint: PERSON_REMOVED, auth: PERSON_REMOVED });
  });
  /** A student and a teacher who share a lesson that ended yesterday, each with a phone, and their conversation. */
  const conversation = async () => {
    const student = await givenStudent(test.app, { firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const date = new Date(Math.floor((Date.now() - 24 * HOUR) / HOUR) * HOUR);
    const lessonId = await givenLesson(test.app, student, { date, teacher });
    const [studentPhone, teacherPhone] = [await subscribed(student), await subscribed(teacher)];
    const started = await test.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: student.auth,
      payload: { teacherId: teacher.id },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json<{ id: number }>().id;
    return { student, teacher, date, lessonId, studentPhone, teacherPhone, id };
  };
  const send = async (from: Person, conversationId: number, text: string) => {
    const sent = await test.app.inject({
      method: "POST",
      url: `/api/conversations/${conversationId}/messages`,
      headers: from.auth,
      payload: { text },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json<{ id: number }>().id;
  };
  const read = async (by: Person, conversationId: number, upTo: number) => {
    const response = await test.app.inject({
      method: "POST",
      url: `/api/conversations/${conversationId}/read`,
      headers: by.auth,
      payload: { upTo },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The student reports that the lesson did not happen. */
  const disputeOpened = async ({ student, teacher, date, lessonId }: Awaited<ReturnType<typeof conversation>>) => {
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: disputeStreams.id(lessonId),
        expectedVersion: "no_stream",
        events: [
          {
            type: "DisputeOpened",
            data: {
              lessonId,
              lessonDate: date.toISOString(),
              reason: "TEACHER_ABSENT",
              comment: "O professor não entrou na chamada.",
              openedBy: "STUDENT",
              student: { id: student.id, firstName: "Ana", lastName: "Souza" },
              teacher: { id: teacher.id, firstName: "Bruno", lastName: "Lima" },
              at: new Date().toISOString(),
            },
          },
        ],
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);
  };
  const kinds = (pushes: { payload: unknown }[]) => pushes.map((push) => (push.payload as { kind: string }).kind);

  it("tells a message's recipient who wrote, never what, once per conversation until they read it", async () => {
    const { student, teacher, id, studentPhone, teacherPhone } = await conversation();
    await send(student, id, "Oi, Bruno! Meu telefone é 11 98765-4321");
    await send(student, id, "Pode me ligar?");
    const told = await sweep(new Date(), studentPhone, teacherPhone);
    expect(pushService.refused).toEqual([]);
    expect(told.map((push) => [push.endpoint, push.payload])).toEqual([
      [
        teacherPhone,
        {
          kind: "NEW_MESSAGE",
          title: "Nova mensagem de Ana",
          body: "Toque para ler a conversa.",
          url: `/mensagens/${id}`,
          tag: `conversation-${id}:NEW_MESSAGE`,
        },
      ],
    ]);
    const third = await send(student, id, "Ainda está aí?");
    expect(await sweep(new Date(), teacherPhone)).toEqual([]);
    await read(teacher, id, third);
    await send(student, id, "Obrigada!");
    expect(kinds(await sweep(new Date(), teacherPhone))).toEqual(["NEW_MESSAGE"]);
    // Read before the sweep came, the message needs no notification.
    await read(student, id, await send(teacher, id, "De nada!"));
    expect(await sweep(new Date(), studentPhone)).toEqual([]);
  });

  it("tells the other side of a lesson that a problem was reported with it, once, linking to the dispute", async () => {
    const lesson = await conversation();
    await disputeOpened(lesson);
    const told = await sweep(new Date(), lesson.studentPhone, lesson.teacherPhone);
    expect(told.map((push) => [push.endpoint, push.payload])).toEqual([
      [
        lesson.teacherPhone,
        {
          kind: "DISPUTE_OPENED",
          title: expect.stringMatching(/^Problema relatado na aula de \d\d\/\d\d às \d\d:00$/),
          body: "Ana relatou um problema. Você pode responder em até 48 horas.",
          url: `/disputas/${lesson.lessonId}`,
          tag: `dispute-${lesson.lessonId}:DISPUTE_OPENED`,
        },
      ],
    ]);
    expect(await sweep(new Date(), lesson.studentPhone, lesson.teacherPhone)).toEqual([]);
  });

  it("sends no message nor dispute notification to a person who turned those kinds off", async () => {
    const lesson = await conversation();
    const off = await test.app.inject({
      method: "PUT",
      url: "/api/push/preferences",
      headers: lesson.teacher.auth,
      payload: { off: ["NEW_MESSAGE", "DISPUTE_OPENED"] },
    });
    expect(off.statusCode).toBe(200);
    await send(lesson.student, lesson.id, "Oi!");
    await disputeOpened(lesson);
    expect(await sweep(new Date(), lesson.teacherPhone)).toEqual([]);
  });
});
