import { favoriteStreams } from "@el/domain/directory/favorites";
import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { teacherAvailabilityProjector } from "../../availability/teacher-availability";
import { on, projectionSpec } from "../../testing/projection-spec";
import { activeTeacher, freeStarts, teacherEvent } from "../teacher-directory/directory-events";
import { teacherDirectoryProjector } from "../teacher-directory/teacher-directory-projector";
import { favoriteTeachersProjector } from "./favorite-teachers-projector";
import { favoriteTeachersOf, isFavoriteTeacher } from "./favorite-teachers-queries";

const bruno: PersonSnapshot = { id: 2001, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 2002, firstName: "Carla", lastName: null };
const student = 1001;
const now = new Date("2026-03-20T12:00:00.000Z");
const at = "2026-03-02T10:00:00.000Z";
let minute = 0;
/** Each a minute after the one before, as a student clicks them. */
const favorite = (type: "FavoriteTeacherAdded" | "FavoriteTeacherRemoved", teacherId: number, studentId = student) =>
  on(favoriteStreams.id(studentId), {
    type,
    data: { teacherId, at: new Date(Date.parse(at) + ++minute * 60_000).toISOString() },
  });

describe("favorite-teachers read model", () => {
  const spec = projectionSpec(favoriteTeachersProjector, teacherDirectoryProjector, teacherAvailabilityProjector);
  afterAll(() => spec.close());

  it("lists the student's favourites in the order added, each with their next three bookable starts", () =>
    spec
      .given(...activeTeacher(bruno), ...activeTeacher(carla))
      .when(
        favorite("FavoriteTeacherAdded", carla.id),
        favorite("FavoriteTeacherAdded", bruno.id),
        favorite("FavoriteTeacherAdded", bruno.id, 1002),
      )
      .then(async ({ sql }) => {
        await freeStarts(sql, bruno.id, [
          "2026-03-20T13:00:00.000Z",
          "2026-03-20T15:00:00.000Z",
          "2026-03-21T15:00:00.000Z",
          "2026-03-22T15:00:00.000Z",
          "2026-03-23T15:00:00.000Z",
        ]);
        const favorites = await favoriteTeachersOf(sql, student, now);
        expect(favorites.map((teacher) => [teacher.id, teacher.nextFreeSlots])).toEqual([
          [carla.id, []],
          [bruno.id, ["2026-03-20T12:00:00-03:00", "2026-03-21T12:00:00-03:00", "2026-03-22T12:00:00-03:00"]],
        ]);
        expect(favorites[1]).toMatchObject({ firstName: "Bruno", nextFreeSlot: "2026-03-20T12:00:00-03:00" });
        expect(await isFavoriteTeacher(sql, student, bruno.id)).toBe(true);
        expect(await isFavoriteTeacher(sql, 1003, bruno.id)).toBe(false);
      }));

  it("drops a removed favourite, and a teacher the directory no longer lists", () =>
    spec
      .given(
        ...activeTeacher(bruno),
        ...activeTeacher(carla),
        favorite("FavoriteTeacherAdded", bruno.id),
        favorite("FavoriteTeacherAdded", carla.id),
      )
      .when(
        favorite("FavoriteTeacherRemoved", bruno.id),
        teacherEvent(carla, { type: "AccountDeactivated", data: { by: "admin" } }),
      )
      .then(async ({ sql }) => {
        expect(await favoriteTeachersOf(sql, student, now)).toEqual([]);
        expect(await isFavoriteTeacher(sql, student, bruno.id)).toBe(false);
      }));

  it("empties an erased student's favourites (LGPD), and no one else's", () =>
    spec
      .given(
        ...activeTeacher(bruno),
        favorite("FavoriteTeacherAdded", bruno.id),
        favorite("FavoriteTeacherAdded", bruno.id, 1002),
      )
      .when(on(`student-${student}`, { type: "PersonalDataErased", data: { by: "titular", at, lessons: [] } }))
      .then(async ({ sql }) => {
        expect(await favoriteTeachersOf(sql, student, now)).toEqual([]);
        expect((await favoriteTeachersOf(sql, 1002, now)).map((teacher) => teacher.id)).toEqual([bruno.id]);
      }));
});
