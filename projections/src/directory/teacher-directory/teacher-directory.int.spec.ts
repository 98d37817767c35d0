import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { teacherAvailabilityProjector } from "../../availability/teacher-availability";
import type { Sql } from "../../sql";
import { type Outcome, on, projectionSpec, recordAll } from "../../testing/projection-spec";
import {
  activeTeacher,
  applied,
  cancelled,
  feedback,
  freeStarts,
  lesson,
  lessonGiven,
  moderation,
  profileSaved,
  teacherEvent,
} from "./directory-events";
import { teacherDirectoryProjector } from "./teacher-directory-projector";
import { type DirectoryQuery, teacherDirectoryPage, teacherPublicProfileOf } from "./teacher-directory-queries";

const bruno: PersonSnapshot = { id: 2001, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 2002, firstName: "Carla", lastName: null };
const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "souza" };
const joao: PersonSnapshot = { id: 1002, firstName: "João", lastName: "Prado" };
const photo = "c".repeat(64);
const now = new Date("2026-03-20T12:00:00.000Z");
const past = "2026-03-10T13:00:00.000Z";
const future = "2026-03-25T13:00:00.000Z";
const query = (fields: Partial<DirectoryQuery> = {}): DirectoryQuery => ({
  sort: "relevance",
  page: 0,
  size: 12,
  ...fields,
});
const everyone = { administrator: false };
/** Bruno and Carla, both accepted and active. */
const brunoAndCarla = () => [...activeTeacher(bruno), ...activeTeacher(carla)];
const byAdmin = { by: "admin" };
/** Bruno gave lesson 1 to Ana, who noted it 5, "Ótima aula!", and lesson 2 to João, who noted it `note`, `comment`. */
const commentedByAnaAndJoao = (note: number, comment: string) => [
  ...activeTeacher(bruno),
  ...lessonGiven(1, bruno, past, ana),
  ...lessonGiven(2, bruno, past, joao),
  feedback(1, 5, "Ótima aula!", ana.id),
  feedback(2, note, comment, joao.id),
];
/** An administrator hiding or showing a comment on Bruno. */
const byModerator = { teacherId: bruno.id, by: 1, at: past };
/** The ids of the directory's first page, in its order. */
const listedIds = async (sql: Sql) => (await teacherDirectoryPage(sql, query(), now)).content.map((card) => card.id);
/** Then the directory lists `listed` alone, and `gone` has no profile, even for `viewer`. */
const listsOnly =
  (listed: PersonSnapshot, gone: PersonSnapshot, viewer = everyone) =>
  async ({ sql }: Outcome) => {
    expect(await listedIds(sql)).toEqual([listed.id]);
    expect(await teacherPublicProfileOf(sql, gone.id, viewer, now)).toBeNull();
  };
const administrator = { administrator: true };

describe("teacher-directory read model", () => {
  const spec = projectionSpec(teacherDirectoryProjector, teacherAvailabilityProjector);
  afterAll(() => spec.close());

  it("lists accepted, active teachers with their card's profile, and not an applicant", () =>
    spec
      .given(...activeTeacher(bruno), applied(carla))
      .when(
        profileSaved(bruno, {
          bio: "Carioca, ensino inglês para viagens.\nTambém preparo para entrevistas.",
          specialities: ["TRAVEL"],
          languages: ["en", "pt"],
          levelIds: [2, 3],
        }),
        teacherEvent(bruno, { type: "TeacherPhotoChanged", data: { photo, by: "b", at: past } }),
      )
      .then(async ({ sql }) => {
        const page = await teacherDirectoryPage(sql, query(), now);
        expect(page).toEqual({
          content: [
            {
              id: bruno.id,
              firstName: "Bruno",
              lastName: "Lima",
              photoUrl: `api/teacher-photos/${photo}/256`,
              rating: null,
              ratingCount: 0,
              lessonsGiven: 0,
              specialities: ["TRAVEL"],
              languages: ["en", "pt"],
              bio: "Carioca, ensino inglês para viagens.",
              levelIds: [2, 3],
              nextFreeSlot: null,
            },
          ],
          totalElements: 1,
        });
        expect(await teacherPublicProfileOf(sql, carla.id, everyone, now)).toBeNull();
      }));

  it("drops a teacher while deactivated", () =>
    spec
      .given(...brunoAndCarla())
      .when(teacherEvent(bruno, { type: "AccountDeactivated", data: byAdmin }))
      .then(listsOnly(carla, bruno)));

  it("lists a teacher activated again, and drops an erased one for good", () =>
    spec
      .given(...brunoAndCarla())
      .when(
        teacherEvent(bruno, { type: "AccountDeactivated", data: byAdmin }),
        teacherEvent(bruno, { type: "AccountActivated", data: byAdmin }),
        teacherEvent(carla, { type: "PersonalDataErased", data: { by: "admin", at: past, lessons: [] } }),
      )
      .then(listsOnly(bruno, carla, administrator)));

  it("counts the lessons given: accepted, ended, not cancelled and not reported as not held", () =>
    spec
      .given(...brunoAndCarla())
      .when(
        ...lessonGiven(1, bruno, past),
        ...lessonGiven(2, bruno, past),
        ...lessonGiven(3, bruno, past),
        ...lessonGiven(4, bruno, future),
        ...lessonGiven(5, bruno, past),
        ...lessonGiven(6, bruno, past),
        cancelled(2),
        lesson(3, {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: 9003,
            teacherId: bruno.id,
            skipped: false,
            status: 3,
            note: null,
            information: "",
            sugestions: "",
            productSugestions: "",
            studentInformation: "",
            partialyHeld: null,
            givenAt: past,
          },
        }),
        lesson(5, {
          type: "LessonTeacherChanged",
          data: { from: bruno, teacher: carla, meetUrl: "https://meet.jit.si/x", by: 1, at: past },
        }),
        lesson(6, { type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: past } }),
      )
      .then(async ({ sql }) => {
        expect((await teacherPublicProfileOf(sql, bruno.id, everyone, now))?.lessonsGiven).toBe(1);
        expect((await teacherPublicProfileOf(sql, carla.id, everyone, now))?.lessonsGiven).toBe(1);
        // Once the lesson to come has ended, it counts too.
        const later = new Date("2026-03-26T12:00:00.000Z");
        expect((await teacherPublicProfileOf(sql, bruno.id, everyone, later))?.lessonsGiven).toBe(2);
      }));

  it("rates with the notes 1 to 5 and shows written comments as 'Ana S.', newest first", () =>
    spec
      .given(...activeTeacher(bruno))
      .when(
        ...lessonGiven(1, bruno, past, ana),
        ...lessonGiven(2, bruno, past, joao),
        ...lessonGiven(3, bruno, past, ana),
        feedback(1, 5, "  Ótima aula!  ", ana.id),
        feedback(2, 4, "", joao.id),
        feedback(3, 0, "Aprendi muito", ana.id),
      )
      .then(async ({ sql }) => {
        const profile = await teacherPublicProfileOf(sql, bruno.id, everyone, now);
        expect(profile).toMatchObject({ rating: 4.5, ratingCount: 2 });
        expect(profile?.reviews).toEqual([
          {
            id: 5003,
            studentName: "Ana S.",
            note: null,
            comment: "Aprendi muito",
            at: "2026-03-10T15:00:00.000Z",
            hidden: false,
          },
          {
            id: 5001,
            studentName: "Ana S.",
            note: 5,
            comment: "Ótima aula!",
            at: "2026-03-10T15:00:00.000Z",
            hidden: false,
          },
        ]);
      }));

  it("follows a corrected or removed comment, and a lesson given to another teacher takes its comment along", () =>
    spec
      .given(
        ...activeTeacher(bruno),
        ...activeTeacher(carla),
        ...lessonGiven(1, bruno, past, ana),
        ...lessonGiven(2, bruno, past, joao),
        ...lessonGiven(3, bruno, past, joao),
        feedback(1, 5, "Ótima aula!", ana.id),
        feedback(2, 4, "Boa", joao.id),
        feedback(3, 3, "Razoável", joao.id),
      )
      .when(
        lesson(1, {
          type: "StudentFeedbackRevised",
          data: { feedbackId: 5001, note: 4, information: "Muito boa aula", by: "admin", at: past },
        }),
        lesson(2, { type: "StudentFeedbackDeleted", data: { feedbackId: 5002, by: "admin", at: past } }),
        lesson(3, {
          type: "LessonTeacherChanged",
          data: { from: bruno, teacher: carla, meetUrl: "https://meet.jit.si/x", by: 1, at: past },
        }),
      )
      .then(async ({ sql }) => {
        const profile = await teacherPublicProfileOf(sql, bruno.id, everyone, now);
        expect(profile).toMatchObject({ rating: 4, ratingCount: 1 });
        expect(profile?.reviews.map((review) => [review.id, review.note, review.comment])).toEqual([
          [5001, 4, "Muito boa aula"],
        ]);
        const other = await teacherPublicProfileOf(sql, carla.id, everyone, now);
        expect(other).toMatchObject({ rating: 3, ratingCount: 1 });
        expect(other?.reviews.map((review) => review.id)).toEqual([5003]);
      }));

  it("leaves out a comment an administrator hid, except for administrators, and shows it again once shown", () =>
    spec
      .given(...commentedByAnaAndJoao(1, "Texto ofensivo"))
      .when(
        moderation(5002, { type: "ReviewHidden", data: byModerator }),
        moderation(5001, { type: "ReviewHidden", data: byModerator }),
        moderation(5001, { type: "ReviewShown", data: byModerator }),
      )
      .then(async ({ sql }) => {
        const seen = await teacherPublicProfileOf(sql, bruno.id, everyone, now);
        expect(seen?.reviews.map((review) => review.id)).toEqual([5001]);
        // The note still counts: only the text is moderated.
        expect(seen).toMatchObject({ rating: 3, ratingCount: 2 });
        const moderated = await teacherPublicProfileOf(sql, bruno.id, administrator, now);
        expect(moderated?.reviews.map((review) => [review.id, review.hidden])).toEqual([
          [5002, true],
          [5001, false],
        ]);
      }));

  it("forgets an erased student's comments and name, keeping their notes in the average", () =>
    spec
      .given(...commentedByAnaAndJoao(3, "Boa"))
      .when(on("student-1001", { type: "PersonalDataErased", data: { by: "titular", at: past, lessons: [1] } }))
      .then(async ({ sql }) => {
        const profile = await teacherPublicProfileOf(sql, bruno.id, administrator, now);
        expect(profile?.reviews.map((review) => review.studentName)).toEqual(["João P."]);
        expect(profile).toMatchObject({ rating: 4, ratingCount: 2 });
        const { rows } = await sql.query("select student_name from teacher_directory_lessons where lesson_id = 1");
        expect(rows).toEqual([{ student_name: "" }]);
      }));

  it("shows the next start a student may book, past the booking notice", () =>
    spec.given(...activeTeacher(bruno)).then(async ({ sql }) => {
      await freeStarts(sql, bruno.id, ["2026-03-20T13:00:00.000Z", "2026-03-20T15:00:00.000Z"]);
      const profile = await teacherPublicProfileOf(sql, bruno.id, everyone, now);
      expect(profile?.nextFreeSlot).toBe("2026-03-20T12:00:00-03:00");
    }));

  it("leaves the same counters when a whole history comes in one batch, as after an import", () =>
    spec.given().then(async ({ sql }) => {
      const history = recordAll([
        ...activeTeacher(bruno),
        ...activeTeacher(carla),
        ...lessonGiven(1, bruno, past, ana),
        ...lessonGiven(2, bruno, past, joao),
        ...lessonGiven(3, bruno, future, joao),
        feedback(1, 5, "Ótima", ana.id),
        feedback(2, 3, "", joao.id),
        lesson(2, {
          type: "LessonTeacherChanged",
          data: { from: bruno, teacher: carla, meetUrl: "https://meet.jit.si/x", by: 1, at: past },
        }),
      ]);
      await teacherDirectoryProjector.evolve(history, sql, { live: false });
      expect(await teacherPublicProfileOf(sql, bruno.id, everyone, now)).toMatchObject({
        rating: 5,
        ratingCount: 1,
        lessonsGiven: 1,
      });
      expect(await teacherPublicProfileOf(sql, carla.id, everyone, now)).toMatchObject({
        rating: 3,
        ratingCount: 1,
        lessonsGiven: 1,
      });
    }));
});
