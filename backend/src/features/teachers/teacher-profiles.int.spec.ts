import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

/** A 600×400 photo as a camera would send it, base64 as the web app posts it. */
const photoOf = async (format: "jpeg" | "png", colour = { r: 200, g: 120, b: 40 }) =>
  (
    await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
      .toFormat(format)
      .toBuffer()
  ).toString("base64");

const profile = {
  bio: "Professor carioca, dez anos ensinando inglês para viagens.",
  experience: "Dez anos em escolas de idiomas",
  specialities: ["TRAVEL", "BUSINESS"],
  languages: ["pt", "en"],
};

/**
 * Teacher profiles over HTTP on both databases: the teacher edits their own profile and photo; a student
 * reads the profile of their lessons' teachers only; administrators read every teacher's with the rating;
 * photos are served resized and cached by their digest.
 */
describe.each(["pglite", "pg"] as const)("teacher profiles on %s", (driver) => {
  let test: TestApp;
  let teacher: Person;
  let student: Person;
  let stranger: Person;
  let admin: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp({ driver });
    teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    student = await givenStudent(test.app, { credits: 2 });
    stranger = await givenStudent(test.app);
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);
  const profileOf = (id: number, headers: Record<string, string>) =>
    inject({ method: "GET", url: `/api/teachers/${id}/profile`, headers });

  it("lets the teacher save their bio, experience, specialities and languages, and read them back", async () => {
    const saved = await inject({
      method: "PUT",
      url: "/api/account/teacher-profile",
      headers: teacher.auth,
      payload: profile,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers["x-app-alert"]).toBe("teacherProfile.saved");
    expect(saved.json()).toMatchObject({
      id: teacher.id,
      firstName: "Bruno",
      bio: profile.bio,
      experience: profile.experience,
      specialities: ["BUSINESS", "TRAVEL"],
      languages: ["en", "pt"],
      photo: null,
      rating: { average: null, count: 0 },
    });
    const read = await inject({ method: "GET", url: "/api/account/teacher-profile", headers: teacher.auth });
    expect(read.json().bio).toBe(profile.bio);
    // The back office shows the same experience on the teacher's account.
    const user = await inject({ method: "GET", url: `/api/users/${teacher.login}`, headers: admin });
    expect(user.json().experience).toBe(profile.experience);
  });

  it("saves the levels the teacher teaches, and keeps them when a later save leaves them out", async () => {
    const withLevels = await inject({
      method: "PUT",
      url: "/api/account/teacher-profile",
      headers: teacher.auth,
      payload: { ...profile, levelIds: [3, 1, 3] },
    });
    expect(withLevels.statusCode, withLevels.body).toBe(200);
    expect(withLevels.json().levelIds).toEqual([1, 3]);
    const without = await inject({
      method: "PUT",
      url: "/api/account/teacher-profile",
      headers: teacher.auth,
      payload: { ...profile, bio: "Outra bio" },
    });
    expect(without.json()).toMatchObject({ bio: "Outra bio", levelIds: [1, 3] });
    await inject({ method: "PUT", url: "/api/account/teacher-profile", headers: teacher.auth, payload: profile });
  });

  it("refuses a profile without a language, or with a bio too long, with the field at fault", async () => {
    const none = await inject({
      method: "PUT",
      url: "/api/account/teacher-profile",
      headers: teacher.auth,
      payload: { ...profile, languages: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.headers["x-app-error"]).toBe("error.teacherProfile.languages");
    const long = await inject({
      method: "PUT",
      url: "/api/account/teacher-profile",
      headers: teacher.auth,
      payload: { ...profile, bio: "x".repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.headers["x-app-error"]).toBe("error.teacherProfile.bio");
  });

  it("lets only teachers edit a teacher profile: a student or an administrator is refused", async () => {
    for (const headers of [student.auth, admin]) {
      const put = await inject({ method: "PUT", url: "/api/account/teacher-profile", headers, payload: profile });
      expect(put.statusCode).toBe(403);
    }
    const anonymous = await inject({ method: "PUT", url: "/api/account/teacher-profile", payload: profile });
    expect(anonymous.statusCode).toBe(401);
  });

  it("resizes an uploaded photo to 256 and 64 px WebP, served with an ETag and a long cache", async () => {
    const uploaded = await inject({
      method: "POST",
      url: "/api/account/teacher-profile/photo",
      headers: teacher.auth,
      payload: { photo: await photoOf("jpeg"), photoContentType: "image/jpeg" },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photo } = uploaded.json() as { photo: { large: string; small: string } };
    expect(photo.large).toMatch(/^api\/teacher-photos\/[0-9a-f]{64}\/256$/);

    for (const [path, size] of [
      [photo.large, 256],
      [photo.small, 64],
    ] as const) {
      // Public: an <img> sends no token.
      const image = await inject({ method: "GET", url: `/${path}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(image.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", size, size]);
      const again = await inject({
        method: "GET",
        url: `/${path}`,
        headers: { "if-none-match": String(image.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    const missing = await inject({ method: "GET", url: `/api/teacher-photos/${"0".repeat(64)}/64` });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a photo of another type, one that is not the image it says, or one too large", async () => {
    const upload = (payload: Record<string, string>) =>
      inject({ method: "POST", url: "/api/account/teacher-profile/photo", headers: teacher.auth, payload });
    const gif = await upload({ photo: Buffer.from("GIF89a").toString("base64"), photoContentType: "image/gif" });
    expect(gif.headers["x-app-error"]).toBe("error.teacherProfile.photoType");
    const lying = await upload({ photo: await photoOf("png"), photoContentType: "image/jpeg" });
    expect(lying.headers["x-app-error"]).toBe("error.teacherProfile.photoType");
    const garbage = await upload({
      photo: Buffer.from("not an image").toString("base64"),
      photoContentType: "image/png",
    });
    expect(garbage.headers["x-app-error"]).toBe("error.teacherProfile.photoUnreadable");
    const huge = await upload({
      photo: Buffer.alloc(5 * 1024 * 1024 + 1).toString("base64"),
      photoContentType: "image/jpeg",
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.headers["x-app-error"]).toBe("error.teacherProfile.photoTooLarge");
  });

  it("shows a teacher's profile to the students of their lessons only, and to administrators", async () => {
    expect((await profileOf(teacher.id, student.auth)).statusCode).toBe(404);
    await givenLesson(test.app, student, { date: new Date(Date.now() + 3 * 86_400_000), teacher });
    const seen = await profileOf(teacher.id, student.auth);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ firstName: "Bruno", bio: profile.bio, languages: ["en", "pt"] });
    expect((await profileOf(teacher.id, stranger.auth)).statusCode).toBe(404);
    expect((await profileOf(teacher.id, admin)).statusCode).toBe(200);
    expect((await profileOf(student.id, admin)).statusCode).toBe(404);
    const other = await givenTeacher(test.app);
    expect((await profileOf(teacher.id, other.auth)).statusCode).toBe(404);
  });

  it("rates the teacher with the average of the students' notes, on the profile, the back office and the landing", async () => {
    const day = 86_400_000;
    const first = await givenLesson(test.app, student, { date: new Date(Date.now() - 3 * day), teacher });
    const second = await givenLesson(test.app, student, { date: new Date(Date.now() - 2 * day), teacher });
    for (const [lessonId, note] of [
      [first, 5],
      [second, 4],
    ]) {
      const rated = await inject({
        method: "POST",
        url: "/api/student-feedbacks",
        headers: student.auth,
        payload: { lessonId, note, information: "Boa aula" },
      });
      expect(rated.statusCode, rated.body).toBe(201);
    }
    expect((await profileOf(teacher.id, student.auth)).json().rating).toEqual({ average: 4.5, count: 2 });

    const teachers = await inject({ method: "GET", url: "/api/users/teacher?size=100", headers: admin });
    const row = (teachers.json() as { id: number; rating?: unknown }[]).find((user) => user.id === teacher.id);
    expect(row?.rating).toEqual({ average: 4.5, count: 2 });
    const detail = await inject({ method: "GET", url: `/api/users/${teacher.login}`, headers: admin });
    expect(detail.json().rating).toEqual({ average: 4.5, count: 2 });

    const landing = await inject({ method: "GET", url: "/api/teachers/ratings" });
    expect(landing.statusCode).toBe(200);
    expect(landing.json()).toEqual({ average: 4.5, ratings: 2, teachers: 1 });
  });

  it("erasing a teacher (LGPD) deletes their photos and their profile, bio included", async () => {
    const leaving = await givenTeacher(test.app, { firstName: "Rita" });
    const uploaded = await inject({
      method: "POST",
      url: "/api/account/teacher-profile/photo",
      headers: leaving.auth,
      payload: { photo: await photoOf("png", { r: 10, g: 200, b: 90 }), photoContentType: "image/png" },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photo } = uploaded.json() as { photo: { small: string } };
    expect((await inject({ method: "GET", url: `/${photo.small}` })).statusCode).toBe(200);

    const erased = await inject({ method: "POST", url: `/api/users/${leaving.login}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await inject({ method: "GET", url: `/${photo.small}` })).statusCode).toBe(404);
    expect((await profileOf(leaving.id, admin)).statusCode).toBe(404);
  });
});
