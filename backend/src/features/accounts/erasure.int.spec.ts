import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { Database } from "@el/projections/sql";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, authenticate, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";
import { givenLesson, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { createAuditLog } from "../../event-store";

/** A CPF no other person of the suite has, with check digits that add up. */
const aCpf = () => {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  const text = digits.join("");
  return { formatted: `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`, digits: text };
};

/** Every row of every table of the database (every schema but the system's), as text, with where it was found. */
const everyTableText = async (db: Database) => {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        and table_schema not like 'pg_%'`,
  );
  const texts: { table: string; text: string }[] = [];
  for (const table of tables) {
    const qualified = `"${table.schema.replaceAll('"', '""')}"."${table.name.replaceAll('"', '""')}"`;
    const { rows } = await db.query<{ text: string | null }>(
      `select string_agg(t::text, E'\\n') as text from ${qualified} t`,
    );
    texts.push({ table: qualified, text: rows[0]?.text ?? "" });
  }
  return texts;
};

const placesHolding = (texts: { table: string; text: string }[], needle: string) =>
  texts.filter((place) => place.text.toLowerCase().includes(needle.toLowerCase())).map((place) => place.table);

describe.each(["pglite", "pg"] as const)("erasing a person (LGPD) on %s", (driver) => {
  let test: TestApp;
  let admin: Record<string, string>;
  const logs: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    test = await createTestApp({ driver, logger: { level: "debug", stream } });
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test?.close());

  /** A student with a name no one else has, a CPF and an address, a sign-in, a lesson and feedback about them. */
  const aStudentWithAHistory = async () => {
    const firstName = `Zuleica${Math.random().toString(36).slice(2, 8)}`;
    const lastName = `Quintanilha${Math.random().toString(36).slice(2, 8)}`;
    const student = await signedUpStudent(test.app, { firstName, lastName });
    const cpf = aCpf();
    const auth = bearer(student.token);
    const cpfSet = await test.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: admin,
      payload: { id: student.id, cpf: cpf.formatted, street: `Rua ${lastName}` },
    });
    // 202: stored, the read models still catching up on a loaded machine (the erasure reads them later).
    expect([200, 202], cpfSet.body).toContain(cpfSet.statusCode);
    const teacher = await givenTeacher(test.app);
    const asPerson: Person = {
      id: student.id,
      login: student.email,
      firstName,
      token: student.token,
      auth,
    };
    const lessonId = await givenLesson(test.app, asPerson, {
      date: new Date(Date.now() - 3 * 3_600_000),
      teacher,
    });
    const report = await test.app.eventStore.append(
      `lesson-${lessonId}`,
      [
        {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: lessonId,
            teacherId: teacher.id,
            skipped: false,
            status: 1,
            note: 5,
            information: `${firstName} foi muito bem`,
            sugestions: "",
            productSugestions: "",
            studentInformation: `${firstName} ${lastName}, CPF ${cpf.formatted}`,
            partialyHeld: null,
            givenAt: new Date().toISOString(),
          },
        },
      ],
      { expectedVersion: "any" },
    );
    await test.app.projections.waitFor(report.lastPosition);
    return { ...student, auth, firstName, lastName, cpf, teacher, lessonId };
  };

  it("exports everything held about the signed-in person as a JSON download", async () => {
    const student = await aStudentWithAHistory();
    const response = await test.app.inject({ method: "GET", url: "/api/account/export", headers: student.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="meus-dados-.*\.json"$/);
    const exported = response.json();
    expect(exported.account).toMatchObject({
      email: student.email,
      firstName: student.firstName,
      cpf: student.cpf.formatted,
    });
    expect(exported.credits).toEqual({ balance: 0, trialCredits: 1 });
    expect(exported.signIns.length).toBeGreaterThan(0);
    expect(exported.lessons.map((event: { type: string }) => event.type)).toContain("LessonScheduled");
    expect(exported.feedbacks[0].data.studentInformation).toContain(student.firstName);
    expect(exported.events.map((event: { type: string }) => event.type)).toContain("StudentRegistered");
    expect((await test.app.inject({ method: "GET", url: "/api/account/export" })).statusCode).toBe(401);
  });

  it("exports a teacher's current and earlier photos as the images served, and no photo for a student", async () => {
    const teacher = await givenTeacher(test.app);
    const exportOf = async (headers: Record<string, string>) => {
      const response = await test.app.inject({ method: "GET", url: "/api/account/export", headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { photos: { sha256: string; contentType: string; large: string; small: string }[] };
    };
    expect((await exportOf(teacher.auth)).photos).toEqual([]);

    const uploadedDigests: string[] = [];
    for (const background of [
      { r: 200, g: 120, b: 40 },
      { r: 10, g: 200, b: 90 },
    ]) {
      const file = await sharp({ create: { width: 600, height: 400, channels: 3, background } })
        .png()
        .toBuffer();
      const uploaded = await test.app.inject({
        method: "POST",
        url: "/api/account/teacher-profile/photo",
        headers: teacher.auth,
        payload: { photo: file.toString("base64"), photoContentType: "image/png" },
      });
      // 202: stored, the read model still catching up; the export reads the events and the stored images.
      expect([200, 202], uploaded.body).toContain(uploaded.statusCode);
      uploadedDigests.push(createHash("sha256").update(file).digest("hex"));
    }

    const { photos } = await exportOf(teacher.auth);
    expect(photos.map((photo) => photo.sha256)).toEqual(uploadedDigests);
    for (const photo of photos) {
      expect(photo.contentType).toBe("image/webp");
      for (const [image, size] of [
        [photo.large, 256],
        [photo.small, 64],
      ] as const) {
        const [header, base64 = ""] = image.split(",");
        expect(header).toBe("data:image/webp;base64");
        const served = await test.app.inject({ method: "GET", url: `/api/teacher-photos/${photo.sha256}/${size}` });
        expect(served.statusCode).toBe(200);
        expect(Buffer.from(base64, "base64")).toEqual(served.rawPayload);
      }
    }

    const student = await signedUpStudent(test.app);
    expect((await exportOf(bearer(student.token))).photos).toEqual([]);
  });

  it("refuses an erasure with the wrong password and changes nothing", async () => {
    const student = await aStudentWithAHistory();
    const before = await test.db.query<{ count: string }>("select count(*) as count from es_events");
    const refused = await test.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: student.auth,
      payload: { password: "not-the-password" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual([expect.objectContaining({ field: "password" })]);
    const after = await test.db.query<{ count: string }>("select count(*) as count from es_events");
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
    expect((await authenticate(test.app, student.email, student.password)).statusCode).toBe(200);
  });

  it("erases a student who asks with their password: no table, event or log line holds their e-mail, name or CPF afterwards", async () => {
    const student = await aStudentWithAHistory();
    const balanceBefore = (await test.app.inject({ method: "GET", url: "/api/account", headers: student.auth })).json()
      .balance as number;

    const erased = await test.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: student.auth,
      payload: { password: student.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);

    const texts = await everyTableText(test.db);
    expect(placesHolding(texts, student.email)).toEqual([]);
    expect(placesHolding(texts, student.firstName)).toEqual([]);
    expect(placesHolding(texts, student.lastName)).toEqual([]);
    expect(placesHolding(texts, student.cpf.formatted)).toEqual([]);
    expect(placesHolding(texts, student.cpf.digits)).toEqual([]);
    const logged = logs.join("\n");
    for (const needle of [student.email, student.firstName, student.lastName, student.cpf.formatted])
      expect(logged).not.toContain(needle);

    // What showed them now shows "titular removido"; their events, balance and lesson are still there.
    const row = await test.db.query<{ email: string; first_name: string; balance: number; activated: boolean }>(
      "select email, first_name, balance, activated from users where id = $1",
      [student.id],
    );
    expect(row.rows[0]).toEqual({
      email: PERSON_REMOVED,
      first_name: PERSON_REMOVED,
      balance: balanceBefore,
      activated: false,
    });
    const lesson = await test.app.inject({
      method: "GET",
      url: `/api/schedulings/${student.lessonId}`,
      headers: admin,
    });
    expect(lesson.statusCode, lesson.body).toBe(200);
    expect(JSON.stringify(lesson.json())).toContain(PERSON_REMOVED);
    const history = await test.app.eventStore.readStream(`student-${student.id}`);
    expect(history.map((event) => event.type)).toContain("PersonalDataErased");
    expect(history.find((event) => event.type === "StudentRegistered")?.data).toMatchObject({
      email: PERSON_REMOVED,
      firstName: PERSON_REMOVED,
    });
    // The erasure says who and when, nothing about the person.
    const erasure = history.find((event) => event.type === "PersonalDataErased");
    expect(erasure?.data).toEqual({ by: "titular", at: expect.any(String), lessons: [student.lessonId] });

    // The chain still holds: it hashes the events as stored, and none was rewritten.
    const audit = createAuditLog(test.db);
    await audit.catchUp({ upTo: (await audit.lastStored()) ?? undefined, timeoutMs: 30_000 });
    expect((await audit.verify()).brokenAt).toBeNull();

    // Their token no longer works, nor their password.
    expect((await test.app.inject({ method: "GET", url: "/api/account", headers: student.auth })).statusCode).toBe(401);
    expect((await authenticate(test.app, student.email, student.password)).statusCode).toBe(401);

    // The e-mail may register again, as someone new.
    const again = await signedUpStudent(test.app, { email: student.email, firstName: "Nova" });
    expect(again.id).not.toBe(student.id);
  });

  it("lets an administrator erase someone else, never an auditor or a student", async () => {
    const student = await aStudentWithAHistory();
    const auditor = await givenAuditor(test.app);
    const other = await signedUpStudent(test.app);
    for (const headers of [auditor.auth, bearer(other.token)]) {
      const refused = await test.app.inject({ method: "POST", url: `/api/users/${student.email}/erase`, headers });
      expect(refused.statusCode).toBe(403);
    }
    expect((await authenticate(test.app, student.email, student.password)).statusCode).toBe(200);

    const erased = await test.app.inject({ method: "POST", url: `/api/users/${student.email}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(erased.headers["x-app-alert"]).toBe("lgpd.erasedByAdmin");
    const texts = await everyTableText(test.db);
    expect(placesHolding(texts, student.email)).toEqual([]);
    expect(placesHolding(texts, student.firstName)).toEqual([]);

    const teacherErased = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.teacher.login}/erase`,
      headers: admin,
    });
    expect(teacherErased.statusCode, teacherErased.body).toBe(204);
    expect(placesHolding(await everyTableText(test.db), student.teacher.login)).toEqual([]);
    expect((await test.app.inject({ method: "POST", url: "/api/users/nobody/erase", headers: admin })).statusCode).toBe(
      404,
    );
  });
});
