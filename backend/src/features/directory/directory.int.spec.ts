import { teacherStreams } from "@el/domain/accounts/teacher-account";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, eventsOfType } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

const DAY = 86_400_000;
const profile = (levelIds: number[], specialities: string[]) => ({
  bio: "Professora paulista.\nDez anos ensinando inglês.",
  experience: "Dez anos em escolas de idiomas",
  specialities,
  languages: ["en", "pt"],
  levelIds,
});
const everyDay = Array.from({ length: 7 }, (_, index) => ({ dayOfWeek: index + 1, start: "07:00", end: "23:00" }));

/**
 * The directory over HTTP on both databases: anyone lists and filters the active teachers and reads a
 * public profile; administrators hide comments; students keep favourites.
 */
describe.each(["pglite", "pg"] as const)("teacher directory on %s", (driver) => {
  let test: TestApp;
  let admin: Record<string, string>;
  let helena: Person;
  let heloisa: Person;
  let student: Person;
  beforeAll(async () => {
    test = await createTestApp({ driver });
    admin = bearer(await adminToken(test.app));
    helena = await givenTeacher(test.app, { firstName: "Hélena" });
    heloisa = await givenTeacher(test.app, { firstName: "Heloísa" });
    student = await givenStudent(test.app, { firstName: "Ana" });
    await put(`/api/account/teacher-profile`, helena.auth, profile([2], ["BUSINESS"]));
    await put(`/api/account/teacher-profile`, heloisa.auth, profile([1, 2], ["TRAVEL"]));
  });
  afterAll(() => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);
  const put = (url: string, headers: Record<string, string> | undefined, payload?: object) =>
    inject({ method: "PUT", url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload }) });
  const list = async (query: string, headers?: Record<string, string>) => {
    const answer = await inject({ method: "GET", url: `/api/teachers?${query}`, ...(headers ? { headers } : {}) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { content: { id: number; [field: string]: unknown }[]; totalElements: number };
  };

  it("lists active teachers to anyone, searched without accents, filtered and paged", async () => {
    const found = await list("q=HELO");
    expect(found.content.map((card) => card.id)).toEqual([heloisa.id]);
    expect(found.content[0]).toMatchObject({
      firstName: "Heloísa",
      bio: "Professora paulista.",
      specialities: ["TRAVEL"],
      levelIds: [1, 2],
      lessonsGiven: 0,
      rating: null,
    });
    expect((await list("q=hel&levelId=2")).totalElements).toBe(2);
    expect((await list("q=hel&speciality=BUSINESS")).content.map((card) => card.id)).toEqual([helena.id]);
    const paged = await list("q=hel&size=1&page=1&sort=rating", student.auth);
    expect(paged.content).toHaveLength(1);
    expect(paged.totalElements).toBe(2);
    const refused = await inject({ method: "GET", url: "/api/teachers?sort=price&size=500" });
    expect(refused.statusCode).toBe(400);
  });

  it("shows a teacher's next free start once they publish their availability, and keeps 'free this week'", async () => {
    expect((await list("q=helena&freeThisWeek=true")).content).toEqual([]);
    const saved = await put("/api/teachers/me/availability", helena.auth, { weekly: everyDay, daysOff: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    const free = await list("q=hel&freeThisWeek=true&sort=nextFreeSlot");
    expect(free.content.map((card) => card.id)).toEqual([helena.id]);
    const next = Date.parse(String(free.content[0]?.nextFreeSlot));
    expect(next).toBeGreaterThanOrEqual(Date.now() + 2 * 60 * 60 * 1000 - 60_000);
    expect(next).toBeLessThan(Date.now() + DAY);
  });

  it("answers a public profile to anyone, 404 for an unknown or not yet accepted teacher", async () => {
    const seen = await inject({ method: "GET", url: `/api/teachers/${helena.id}` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      id: helena.id,
      about: "Professora paulista.\nDez anos ensinando inglês.",
      experience: "Dez anos em escolas de idiomas",
      reviews: [],
      favorite: false,
    });
    expect((await inject({ method: "GET", url: "/api/teachers/999999999" })).statusCode).toBe(404);
    // A token that is no longer (or never was) valid reads what anyone reads.
    const stale = { authorization: "Bearer not-a-token" };
    const withStale = await inject({ method: "GET", url: `/api/teachers/${helena.id}`, headers: stale });
    expect(withStale.statusCode).toBe(200);
    expect(withStale.json().favorite).toBe(false);
    expect((await inject({ method: "GET", url: "/api/teachers", headers: stale })).statusCode).toBe(200);
    const applicantId = await test.app.nextId();
    await test.app.eventStore.appendMany([
      {
        streamId: teacherStreams.id(applicantId),
        expectedVersion: "no_stream",
        events: [
          {
            type: "TeacherApplied",
            data: {
              id: applicantId,
              login: `candidata${applicantId}@example.com`,
              email: `candidata${applicantId}@example.com`,
              firstName: "Candidata",
              lastName: null,
              phone: null,
              experience: null,
              langKey: "pt-br",
              passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
              appliedAt: new Date().toISOString(),
            },
          },
        ],
      },
    ]);
    expect((await inject({ method: "GET", url: `/api/teachers/${applicantId}` })).statusCode).toBe(404);
    // The landing's figures keep their own address.
    expect((await inject({ method: "GET", url: "/api/teachers/ratings" })).statusCode).toBe(200);
  });

  it("lets administrators alone hide a comment, which then only they see, recorded for auditors", async () => {
    const lessonId = await givenLesson(test.app, student, { date: new Date(Date.now() - 3 * DAY), teacher: heloisa });
    const rated = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId, note: 5, information: "Aula excelente" },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const shown = (await inject({ method: "GET", url: `/api/teachers/${heloisa.id}` })).json();
    expect(shown).toMatchObject({ rating: 5, ratingCount: 1, lessonsGiven: 1 });
    expect(shown.reviews).toMatchObject([{ studentName: "Ana S.", note: 5, comment: "Aula excelente", hidden: false }]);
    const reviewId = shown.reviews[0].id as number;
    const url = `/api/teachers/${heloisa.id}/reviews/${reviewId}/visibility`;

    expect((await put(url, undefined, { hidden: true })).statusCode).toBe(401);
    expect((await put(url, student.auth, { hidden: true })).statusCode).toBe(403);
    expect((await put(url, heloisa.auth, { hidden: true })).statusCode).toBe(403);
    expect(
      (await put(`/api/teachers/${helena.id}/reviews/${reviewId}/visibility`, admin, { hidden: true })).statusCode,
    ).toBe(404);
    expect((await put(url, admin, { hidden: true })).statusCode).toBe(204);
    expect((await put(url, admin, { hidden: true })).statusCode).toBe(204);

    expect((await inject({ method: "GET", url: `/api/teachers/${heloisa.id}` })).json().reviews).toEqual([]);
    const asStudent = await inject({ method: "GET", url: `/api/teachers/${heloisa.id}`, headers: student.auth });
    expect(asStudent.json()).toMatchObject({ reviews: [], rating: 5 });
    const asAdmin = await inject({ method: "GET", url: `/api/teachers/${heloisa.id}`, headers: admin });
    expect(asAdmin.json().reviews).toMatchObject([{ id: reviewId, hidden: true }]);
    const hidden = await eventsOfType(test.app, "ReviewHidden");
    expect(hidden).toMatchObject([{ stream_id: `review-moderation-${reviewId}`, data: { teacherId: heloisa.id } }]);

    expect((await put(url, admin, { hidden: false })).statusCode).toBe(204);
    expect((await inject({ method: "GET", url: `/api/teachers/${heloisa.id}` })).json().reviews).toHaveLength(1);
  });

  it("keeps a student's favourites, idempotently, for students only", async () => {
    const favorites = "/api/account/favorites";
    expect((await inject({ method: "GET", url: favorites })).statusCode).toBe(401);
    expect((await inject({ method: "GET", url: favorites, headers: helena.auth })).statusCode).toBe(403);
    expect((await put(`${favorites}/${helena.id}`, admin)).statusCode).toBe(403);
    expect((await put(`${favorites}/999999999`, student.auth)).statusCode).toBe(404);
    expect((await put(`${favorites}/${helena.id}`, student.auth)).statusCode).toBe(204);
    expect((await put(`${favorites}/${helena.id}`, student.auth)).statusCode).toBe(204);
    expect((await put(`${favorites}/${heloisa.id}`, student.auth)).statusCode).toBe(204);
    expect(await eventsOfType(test.app, "FavoriteTeacherAdded")).toHaveLength(2);

    const kept = await inject({ method: "GET", url: favorites, headers: student.auth });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().map((teacher: { id: number }) => teacher.id)).toEqual([helena.id, heloisa.id]);
    // Helena published her availability above: her next three free starts come with her.
    expect(kept.json()[0].nextFreeSlots).toHaveLength(3);
    const seen = await inject({ method: "GET", url: `/api/teachers/${helena.id}`, headers: student.auth });
    expect(seen.json().favorite).toBe(true);

    const removed = await inject({ method: "DELETE", url: `${favorites}/${helena.id}`, headers: student.auth });
    expect(removed.statusCode).toBe(204);
    expect(
      (await inject({ method: "DELETE", url: `${favorites}/${helena.id}`, headers: student.auth })).statusCode,
    ).toBe(204);
    const after = await inject({ method: "GET", url: favorites, headers: student.auth });
    expect(after.json().map((teacher: { id: number }) => teacher.id)).toEqual([heloisa.id]);
  });

  it("exports a student's favourites (LGPD), and erasing the student empties them and removes their comments", async () => {
    const leaving = await givenStudent(test.app, { firstName: "Bia" });
    const lessonId = await givenLesson(test.app, leaving, { date: new Date(Date.now() - 2 * DAY), teacher: helena });
    const rated = await inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: leaving.auth,
      payload: { lessonId, note: 4, information: "Gostei muito" },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await put(`/api/account/favorites/${helena.id}`, leaving.auth)).statusCode).toBe(204);
    const names = async () =>
      (await inject({ method: "GET", url: `/api/teachers/${helena.id}`, headers: admin }))
        .json()
        .reviews.map((review: { studentName: string }) => review.studentName);
    expect(await names()).toEqual(["Bia S."]);

    const exported = (await inject({ method: "GET", url: "/api/account/export", headers: leaving.auth })).json();
    expect(exported.favoriteTeachers).toMatchObject([{ type: "FavoriteTeacherAdded", data: { teacherId: helena.id } }]);

    const erased = await inject({ method: "POST", url: `/api/users/${leaving.login}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await names()).toEqual([]);
    const { rows } = await test.db.query("select teacher_id from favorite_teachers where student_id = $1", [
      leaving.id,
    ]);
    expect(rows).toEqual([]);
    // The note stays in the teacher's average; only the text and the name go.
    expect((await inject({ method: "GET", url: `/api/teachers/${helena.id}` })).json()).toMatchObject({
      rating: 4,
      ratingCount: 1,
    });
  });
});
