import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { FAVORITE_TEACHERS_MAX, type FavoriteEvent, favoriteErrors, favoritesDecider } from "./favorites";

const given = specFor(favoritesDecider);
const now = new Date("2026-12-01T12:00:00Z");
const at = now.toISOString();
const added = (teacherId: number): FavoriteEvent => ({ type: "FavoriteTeacherAdded", data: { teacherId, at } });
const removed = (teacherId: number): FavoriteEvent => ({ type: "FavoriteTeacherRemoved", data: { teacherId, at } });

describe("favourite teachers", () => {
  it("keeps a teacher the student favourites", () => {
    given([])
      .when({ type: "AddFavoriteTeacher", teacherId: 7, now })
      .then([added(7)]);
  });

  it("stores nothing when the teacher is already kept, so a retry changes nothing", () => {
    given([added(7)])
      .when({ type: "AddFavoriteTeacher", teacherId: 7, now })
      .then([]);
  });

  it("removes a kept teacher, and stores nothing for one not kept", () => {
    given([added(7)])
      .when({ type: "RemoveFavoriteTeacher", teacherId: 7, now })
      .then([removed(7)]);
    given([added(7), removed(7)])
      .when({ type: "RemoveFavoriteTeacher", teacherId: 7, now })
      .then([]);
    given([]).when({ type: "RemoveFavoriteTeacher", teacherId: 8, now }).then([]);
  });

  it("lets a removed teacher be favourited again, in the order they were added", () => {
    given([added(7), removed(7)])
      .when({ type: "AddFavoriteTeacher", teacherId: 7, now })
      .then([added(7)]);
    expect(stateFrom(favoritesDecider, [added(7), added(3), removed(7), added(7)]).teacherIds).toEqual([3, 7]);
  });

  it(`keeps at most ${FAVORITE_TEACHERS_MAX} teachers`, () => {
    const full = Array.from({ length: FAVORITE_TEACHERS_MAX }, (_, index) => added(index + 1));
    given(full)
      .when({ type: "AddFavoriteTeacher", teacherId: 999, now })
      .thenThrows(favoriteErrors.tooMany, "conflict");
    given(full).when({ type: "AddFavoriteTeacher", teacherId: 1, now }).then([]);
  });
});
