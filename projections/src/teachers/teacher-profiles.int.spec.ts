import { type TeacherEvent, teacherStreams } from "@el/domain/accounts/index";
import { type LessonEvent, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import {
  teacherProfileOf,
  teacherProfilesProjector,
  teacherRatingsOf,
  teacherRatingsSummary,
} from "./teacher-profiles";

const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "Souza" };
const bruno: PersonSnapshot = { id: 2001, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 2002, firstName: "Carla", lastName: null };
const photo = "c".repeat(64);

const teacher = (person: PersonSnapshot, event: TeacherEvent) => on(teacherStreams.id(person.id), event);
const applied = (person: PersonSnapshot) =>
  teacher(person, {
    type: "TeacherApplied",
    data: {
      id: person.id,
      login: `${person.firstName.toLowerCase()}@example.com`,
      email: `${person.firstName.toLowerCase()}@example.com`,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: null,
      experience: "Três anos",
      langKey: "pt-br",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      appliedAt: "2026-03-01T10:00:00.000Z",
    },
  });
const profileSaved = teacher(bruno, {
  type: "TeacherProfileChanged",
  data: {
    bio: "Carioca, ensino inglês para viagens.",
    specialities: ["TRAVEL", "INTERVIEW"],
    languages: ["en", "pt"],
    levelIds: [2, 3],
    by: "bruno@example.com",
    at: "2026-03-02T10:00:00.000Z",
  },
});
const photoChanged = teacher(bruno, {
  type: "TeacherPhotoChanged",
  data: { photo, by: "bruno@example.com", at: "2026-03-02T10:00:00.000Z" },
});

const lesson = (id: number, event: LessonEvent) => on(lessonStreams.id(id), event);
const scheduled = (id: number) =>
  lesson(id, {
    type: "LessonScheduled",
    data: {
      id,
      student: ana,
      trail: { id: 10, number: 1, title: "Hello" },
      level: { id: 3, name: "Básico" },
      date: "2026-03-10T13:00:00.000Z",
      objective: "TRAVEL",
      createdDate: "2026-03-01T12:00:00.000Z",
    },
  });
const accepted = (id: number, by: PersonSnapshot = bruno) =>
  lesson(id, {
    type: "LessonAccepted",
    data: { teacher: by, meetUrl: `https://meet.jit.si/lesson-${id}`, acceptedAt: "2026-03-01T13:00:00.000Z" },
  });
const claimed = (id: number, by: PersonSnapshot = bruno) => [scheduled(id), accepted(id, by)];
const rated = (id: number, note: number | null) =>
  lesson(id, {
    type: "StudentFeedbackGiven",
    data: { feedbackId: id + 5000, studentId: ana.id, note, information: "", givenAt: "2026-03-10T15:00:00.000Z" },
  });

describe("teacher-profiles read model", () => {
  const spec = projectionSpec(teacherProfilesProjector);
  afterAll(() => spec.close());

  it("shows the teacher's bio, experience, specialities, languages and photo sizes", () =>
    spec
      .given(applied(bruno))
      .when(profileSaved, photoChanged)
      .then(async ({ sql }) => {
        expect(await teacherProfileOf(sql, bruno.id)).toEqual({
          id: bruno.id,
          firstName: "Bruno",
          lastName: "Lima",
          bio: "Carioca, ensino inglês para viagens.",
          experience: "Três anos",
          specialities: ["TRAVEL", "INTERVIEW"],
          languages: ["en", "pt"],
          levelIds: [2, 3],
          photo: { large: `api/teacher-photos/${photo}/256`, small: `api/teacher-photos/${photo}/64` },
          rating: { average: null, count: 0 },
        });
      }));

  it("follows name and experience changes of the teacher's account, not of other accounts", () =>
    spec
      .given(applied(bruno))
      .when(
        teacher(bruno, {
          type: "ProfileChanged",
          data: { changes: { firstName: "Beto", experience: "Dez anos" }, by: "admin" },
        }),
        on("student-2001", { type: "ProfileChanged", data: { changes: { firstName: "Outro" }, by: "admin" } }),
      )
      .then(async ({ sql }) => {
        expect(await teacherProfileOf(sql, bruno.id)).toMatchObject({
          firstName: "Beto",
          lastName: "Lima",
          experience: "Dez anos",
        });
      }));

  it("averages the students' notes 1 to 5 per teacher and counts them, leaving out 0 and skipped ones", () =>
    spec
      .given(
        applied(bruno),
        applied(carla),
        ...claimed(1),
        ...claimed(2),
        ...claimed(3),
        ...claimed(4),
        ...claimed(5, carla),
      )
      .when(rated(1, 5), rated(2, 4), rated(3, 0), rated(4, null), rated(5, 3))
      .then(async ({ sql }) => {
        expect((await teacherProfileOf(sql, bruno.id))?.rating).toEqual({ average: 4.5, count: 2 });
        const ratings = await teacherRatingsOf(sql, [bruno.id, carla.id, 9999]);
        expect(ratings.get(carla.id)).toEqual({ average: 3, count: 1 });
        expect(ratings.has(9999)).toBe(false);
        expect(await teacherRatingsSummary(sql)).toEqual({ average: 4, ratings: 3, teachers: 2 });
      }));

  it("moves a note with a lesson given to another teacher, and follows corrections and deletions", () =>
    spec
      .given(applied(bruno), applied(carla), ...claimed(1), ...claimed(2), rated(1, 5), rated(2, 2))
      .when(
        lesson(1, {
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/other",
            by: 1,
            at: "2026-03-03T10:00:00.000Z",
          },
        }),
        lesson(2, {
          type: "StudentFeedbackRevised",
          data: { feedbackId: 5002, note: 4, information: "", by: "admin", at: "2026-03-11T10:00:00.000Z" },
        }),
        lesson(1, {
          type: "StudentFeedbackDeleted",
          data: { feedbackId: 5001, by: "admin", at: "2026-03-11T10:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect((await teacherProfileOf(sql, bruno.id))?.rating).toEqual({ average: 4, count: 1 });
        expect((await teacherProfileOf(sql, carla.id))?.rating).toEqual({ average: null, count: 0 });
      }));

  it("shows a deleted teacher to nobody", () =>
    spec
      .given(applied(bruno), profileSaved)
      .when(teacher(bruno, { type: "AccountDeleted", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect(await teacherProfileOf(sql, bruno.id)).toBeNull();
      }));

  it("keeps nothing of an erased teacher's profile (LGPD)", () =>
    spec
      .given(applied(bruno), profileSaved, photoChanged)
      .when(
        teacher(bruno, {
          type: "PersonalDataErased",
          data: { by: "admin", at: "2026-03-05T10:00:00.000Z", lessons: [] },
        }),
      )
      .then(async ({ sql }) => {
        expect(await teacherProfileOf(sql, bruno.id)).toBeNull();
        const { rows } = await sql.query("select * from teacher_profiles where teacher_id = $1", [bruno.id]);
        expect(rows).toEqual([]);
      }));
});
