import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import ExcelJS from "exceljs";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
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
let admin: { authorization: string };
let trail: Awaited<ReturnType<typeof aTrail>>;
beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await adminToken(test.app));
  trail = await aTrail(test.app);
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const balanceOf = async (person: Person) =>
  (await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id])).rows[0]?.balance;
const createLesson = (payload: Record<string, unknown>, headers = admin) =>
  inject({ method: "POST", url: "/api/lessons/admin", headers, payload });
const change = (id: number, payload: Record<string, unknown>, headers = admin) =>
  inject({ method: "PUT", url: `/api/lessons/${id}`, headers, payload });
const claim = (teacher: Person, schedulingId: number) =>
  inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });
const listOf = async (query: string) => {
  const response = await inject({ method: "GET", url: `/api/lessons?${query}`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json() as { content: { id: number; teacher: { id: number } | null }[]; totalElements: number };
};
const eventsOf = async (lessonId: number) =>
  (await test.app.eventStore.readStream(lessonStreams.id(lessonId))).map((event) => event.type);

describe("lesson control is for administrators only", () => {
  it("answers 401 without a session and 403 to students and teachers, on every route", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const id = await givenLesson(test.app, student, { date: new Date(Date.now() + 5 * 86_400_000) });
    const routes: InjectOptions[] = [
      { method: "GET", url: "/api/lessons" },
      { method: "GET", url: "/api/lessons/totals" },
      { method: "GET", url: "/api/lessons/export?format=csv" },
      { method: "GET", url: "/api/feedbacks/download" },
      { method: "GET", url: `/api/lessons/${id}` },
      { method: "POST", url: "/api/lessons/admin", payload: { student: { id: student.id }, trail: { id: trail.id } } },
      { method: "PUT", url: `/api/lessons/${id}`, payload: { teacher: { id: teacher.id } } },
      { method: "DELETE", url: `/api/lessons/${id}/teacher` },
      { method: "DELETE", url: `/api/lessons/${id}` },
    ];
    for (const route of routes) {
      expect((await inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const person of [student, teacher])
        expect((await inject({ ...route, headers: person.auth })).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(await eventsOf(id)).toEqual(["LessonScheduled"]);
  });
});

describe("GET api/lessons and api/lessons/totals", () => {
  it("pages the lessons latest first, filters by year, month, teacher and student, and totals them in reais", async () => {
    const student = await givenStudent(test.app, { firstName: "Filtrada" });
    const teacher = await givenTeacher(test.app);
    const march = await givenLesson(test.app, student, { date: new Date("2024-03-16T13:00:00Z"), teacher });
    const april = await givenLesson(test.app, student, { date: new Date("2024-04-15T13:00:00Z") });
    const lastYear = await givenLesson(test.app, student, { date: new Date("2023-12-31T13:00:00Z"), teacher });
    const mine = await listOf(`studentId=${student.id}&page=0&size=10&sort=scheduling.date,desc`);
    expect(mine.totalElements).toBe(3);
    expect(mine.content.map((row) => row.id)).toEqual([april, march, lastYear]);
    expect((await listOf(`studentId=${student.id}&year=2024&month=3`)).content.map((row) => row.id)).toEqual([march]);
    expect((await listOf(`teacherId=${teacher.id}`)).content.map((row) => row.id)).toEqual([march, lastYear]);
    expect((await listOf(`studentId=${student.id}&size=2&page=1`)).content.map((row) => row.id)).toEqual([lastYear]);
    const totals = await inject({
      method: "GET",
      url: `/api/lessons/totals?studentId=${student.id}&year=2024`,
      headers: admin,
    });
    expect(totals.json()).toEqual({
      lessons: 2,
      teacherCost: 50,
      teacherCostCents: 50_00,
      revenue: 80,
      revenueCents: 80_00,
    });
  });

  it("refuses a month that does not exist and an unknown sort, naming the parameter", async () => {
    const month = await inject({ method: "GET", url: "/api/lessons?month=13", headers: admin });
    expect(month.statusCode).toBe(400);
    const sort = await inject({ method: "GET", url: "/api/lessons?sort=password,asc", headers: admin });
    expect(sort.statusCode).toBe(400);
  });
});

describe("POST api/lessons/admin (Criar aula)", () => {
  it("without a teacher: the lesson waits for one and the student's credit is spent", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    const response = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(3, 10),
      teacher: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ student: { id: student.id }, trail: { id: trail.id }, lesson: null });
    expect(await balanceOf(student)).toBe(1);
    expect((await listOf(`studentId=${student.id}`)).content).toMatchObject([{ teacher: null }]);
  });

  it("with a teacher: accepted on the teacher's behalf with a video link, and the teacher's hour is taken", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    const teacher = await givenTeacher(test.app);
    const response = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(4, 15),
      teacher: { id: teacher.id },
    });
    expect(response.statusCode).toBe(201);
    const lesson = response.json().lesson;
    expect(lesson.teacher.id).toBe(teacher.id);
    expect(lesson.meetUrl).toMatch(/^https:\/\//);
    expect(await eventsOf(response.json().id)).toEqual(["LessonScheduled", "LessonAccepted"]);
    // The same teacher cannot take another lesson overlapping that hour.
    const other = await givenStudent(test.app, { credits: 1 });
    const overlapping = await givenLesson(test.app, other, { date: new Date(saoPauloTime(4, 15, 30)) });
    const refused = await claim(teacher, overlapping);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(lessonErrors.teacherBusy);
  });

  it("refuses as a student's own scheduling would, storing nothing: no credit, a bad time, a busy teacher", async () => {
    const broke = await givenStudent(test.app);
    const noCredit = await createLesson({
      student: { id: broke.id },
      trail: { id: trail.id },
      date: saoPauloTime(3, 10),
    });
    expect(noCredit.statusCode).toBe(400);
    expect(noCredit.json().message).toBe(NO_CREDITS_LEFT);
    const student = await givenStudent(test.app, { credits: 1 });
    const badTime = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(3, 10, 15),
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fieldErrors).toEqual([{ field: "date", message: lessonErrors.halfHours }]);
    const teacher = await givenTeacher(test.app);
    await givenLesson(test.app, broke, { date: new Date(saoPauloTime(6, 9)), teacher, creditSpent: false });
    await claim(teacher, (await listOf(`teacherId=${teacher.id}`)).content[0]?.id ?? 0);
    const busy = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(6, 9),
      teacher: { id: teacher.id },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(lessonErrors.teacherBusyOther);
    expect(await balanceOf(student)).toBe(1);
    expect((await listOf(`studentId=${student.id}`)).totalElements).toBe(0);
  });

  it("names the field of a missing student or trail, and of a student or teacher that does not exist", async () => {
    const blank = await createLesson({ student: { id: "" }, trail: null, date: saoPauloTime(3, 10) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "student", message: lessonErrors.required },
        { field: "trail", message: lessonErrors.required },
      ]),
    );
    const unknown = await createLesson({
      student: { id: 987_654 },
      trail: { id: trail.id },
      date: saoPauloTime(3, 10),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual([{ field: "student", message: lessonErrors.studentNotFound }]);
    const student = await givenStudent(test.app, { credits: 1 });
    const noTeacher = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(3, 10),
      teacher: { id: student.id },
    });
    expect(noTeacher.statusCode).toBe(400);
    expect(noTeacher.json().fieldErrors).toEqual([{ field: "teacher", message: lessonErrors.teacherNotFound }]);
    expect(await balanceOf(student)).toBe(1);
  });
});

describe("PUT api/lessons/{id}", () => {
  it("gives a pending lesson to a teacher (accepted), then to another, freeing the first one's hour", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const [bruno, carla] = [await givenTeacher(test.app), await givenTeacher(test.app)];
    const id = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 10)) });
    const given = await change(id, { teacher: { id: bruno.id } });
    expect(given.statusCode).toBe(200);
    expect(given.json().lesson.teacher.id).toBe(bruno.id);
    const changed = await change(id, { teacher: { id: carla.id } });
    expect(changed.json().lesson.teacher.id).toBe(carla.id);
    expect(await eventsOf(id)).toEqual(["LessonScheduled", "LessonAccepted", "LessonTeacherChanged"]);
    expect((await listOf(`teacherId=${carla.id}`)).content.map((row) => row.id)).toEqual([id]);
    expect((await listOf(`teacherId=${bruno.id}`)).totalElements).toBe(0);
    // Bruno's hour is free again: he can claim another lesson then.
    const other = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 10)), creditSpent: false });
    expect((await claim(bruno, other)).statusCode).toBe(201);
  });

  it("moves a lesson with the scheduling's time rules; a cancelled or unknown one is refused", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const id = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 10)) });
    const moved = await change(id, { date: saoPauloTime(7, 18, 30) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().date).toBe(new Date(saoPauloTime(7, 18, 30)).toISOString());
    const wrong = await change(id, { date: saoPauloTime(7, 23) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual([{ field: "date", message: lessonErrors.hours }]);
    const nothing = await change(id, {});
    expect(nothing.statusCode).toBe(400);
    expect((await inject({ method: "DELETE", url: `/api/lessons/${id}`, headers: admin })).statusCode).toBe(200);
    const cancelled = await change(id, { date: saoPauloTime(8, 10) });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(lessonErrors.cancelled);
    expect((await change(987_654, { date: saoPauloTime(8, 10) })).statusCode).toBe(404);
  });
});

describe("DELETE api/lessons/{id}/teacher", () => {
  const unassign = (id: number) => inject({ method: "DELETE", url: `/api/lessons/${id}/teacher`, headers: admin });

  it("takes a claimed lesson back from its teacher: pending again, offered to the teachers, the teacher's hour free", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const [bruno, carla] = [await givenTeacher(test.app), await givenTeacher(test.app)];
    const id = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 10)) });
    expect((await claim(bruno, id)).statusCode).toBe(201);
    const taken = await unassign(id);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ id, lesson: null });
    expect(taken.headers["x-app-alert"]).toBe("englishLessonsApp.lesson.teacherUnassigned");
    expect(await eventsOf(id)).toEqual(["LessonScheduled", "LessonAccepted", "LessonTeacherUnassigned"]);
    expect((await listOf(`studentId=${student.id}`)).content).toMatchObject([{ id, teacher: null }]);
    const pending = await inject({ method: "GET", url: "/api/schedulings/withoutLesson/fromNow", headers: carla.auth });
    expect((pending.json() as { id: number }[]).map((lesson) => lesson.id)).toContain(id);
    // Bruno's hour is free (he may claim another lesson then) and another teacher may claim this one.
    const other = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 10)), creditSpent: false });
    expect((await claim(bruno, other)).statusCode).toBe(201);
    expect((await claim(carla, id)).statusCode).toBe(201);
  });

  it("a lesson already waiting changes nothing; a cancelled or unknown one is refused", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const id = await givenLesson(test.app, student, { date: new Date(saoPauloTime(5, 11)) });
    expect((await unassign(id)).statusCode).toBe(200);
    expect(await eventsOf(id)).toEqual(["LessonScheduled"]);
    expect((await inject({ method: "DELETE", url: `/api/lessons/${id}`, headers: admin })).statusCode).toBe(200);
    const cancelled = await unassign(id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(lessonErrors.cancelled);
    expect((await unassign(987_654)).statusCode).toBe(404);
  });
});

describe("DELETE api/lessons/{id}", () => {
  it("cancels the lesson, gives the credit back and takes it off lesson control", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const response = await createLesson({
      student: { id: student.id },
      trail: { id: trail.id },
      date: saoPauloTime(3, 11),
    });
    const id = response.json().id;
    expect(await balanceOf(student)).toBe(0);
    const deleted = await inject({ method: "DELETE", url: `/api/lessons/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, refunded: true });
    expect(await balanceOf(student)).toBe(1);
    expect((await listOf(`studentId=${student.id}`)).totalElements).toBe(0);
  });
});

describe("exports", () => {
  it("the CSV is UTF-8 with a BOM and ';', its accents and feedbacks parse back", async () => {
    const student = await givenStudent(test.app, { firstName: "Joaquim Ações" });
    const teacher = await givenTeacher(test.app, { firstName: "Conceição" });
    const id = await givenLesson(test.app, student, { date: new Date("2022-06-10T13:00:00Z"), teacher });
    await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: id, note: 5, information: 'Ótima; "excelente"' },
    });
    const response = await inject({
      method: "GET",
      url: `/api/lessons/export?format=csv&studentId=${student.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="controle-de-aulas-.*\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split(";").slice(0, 9)).toEqual([
      "ID",
      "Aluno",
      "Nível",
      "Objetivo",
      "Título da aula",
      "Data",
      "Hora",
      "Professor",
      "Pagamento",
    ]);
    const fields = lines[1]?.match(/("([^"]|"")*"|[^;]*)(;|$)/g)?.map((field) => field.replace(/;$/, "")) ?? [];
    expect(fields.slice(0, 11)).toEqual([
      String(id),
      "Joaquim Ações Souza",
      "Begginer",
      "Viagem",
      "1 - Greetings",
      "10/06/2022",
      "10:00",
      "Conceição Lima",
      "Pendente",
      "5",
      '"Ótima; ""excelente"""',
    ]);
  });

  it("the XLSX opens as a spreadsheet with a row per lesson", async () => {
    const student = await givenStudent(test.app, { firstName: "Márcia" });
    await givenLesson(test.app, student, { date: new Date("2022-07-01T13:00:00Z") });
    await givenLesson(test.app, student, { date: new Date("2022-07-02T13:00:00Z") });
    const response = await inject({
      method: "GET",
      url: `/api/lessons/export?format=xlsx&studentId=${student.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).getCell(2).value).toBe("Aluno");
    expect(sheet?.getRow(2).getCell(2).value).toBe("Márcia Souza");
    expect(sheet?.getRow(2).getCell(6).value).toBe("02/07/2022");
  });

  it("api/feedbacks/download is a CSV of every lesson with both feedbacks", async () => {
    const response = await inject({ method: "GET", url: "/api/feedbacks/download", headers: admin });
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toContain("Comentário do aluno;Aula (professor);Nota do material");
    expect(text).toContain('"Ótima; ""excelente"""');
  });
});
