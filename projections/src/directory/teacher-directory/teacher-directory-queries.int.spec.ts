import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { teacherAvailabilityProjector } from "../../availability/teacher-availability";
import type { Sql } from "../../sql";
import { projectionSpec, type SpecEvent } from "../../testing/projection-spec";
import { activeTeacher, feedback, freeStarts, lessonGiven, profileSaved } from "./directory-events";
import { searchableName } from "./search-name";
import { teacherDirectoryProjector } from "./teacher-directory-projector";
import { type DirectoryQuery, teacherDirectoryPage } from "./teacher-directory-queries";

const person = (id: number, firstName: string, lastName: string | null): PersonSnapshot => ({
  id,
  firstName,
  lastName,
});
const erica = person(3001, "Érica", "Gonçalves");
const marcos = person(3002, "Marcos", "Érico");
const ricardo = person(3003, "Ricardo", "Alves");
const paula = person(3004, "Paula", null);
const now = new Date("2026-03-20T12:00:00.000Z");
const past = "2026-03-10T13:00:00.000Z";
const query = (fields: Partial<DirectoryQuery> = {}): DirectoryQuery => ({
  sort: "relevance",
  page: 0,
  size: 12,
  ...fields,
});

/**
 * Érica: business, en/es, level 2, one 5. Marcos: travel, en, levels 2 and 3, two 5s and two lessons given.
 * Ricardo: travel, en/fr, three 4s. Paula: no profile, no note.
 */
const directory: SpecEvent[] = [
  ...[erica, marcos, ricardo, paula].flatMap(activeTeacher),
  profileSaved(erica, { specialities: ["BUSINESS"], languages: ["en", "es"], levelIds: [2] }),
  profileSaved(marcos, { specialities: ["TRAVEL"], languages: ["en"], levelIds: [2, 3] }),
  profileSaved(ricardo, { specialities: ["TRAVEL", "INTERVIEW"], languages: ["en", "fr"] }),
  ...lessonGiven(1, erica, past),
  feedback(1, 5),
  ...lessonGiven(2, marcos, past),
  ...lessonGiven(3, marcos, past),
  feedback(2, 5),
  feedback(3, 5),
  ...[4, 5, 6].flatMap((id) => [...lessonGiven(id, ricardo, past), feedback(id, 4)]),
];

const ids = async (sql: Sql, fields: Partial<DirectoryQuery>) =>
  (await teacherDirectoryPage(sql, query(fields), now)).content.map((card) => card.id);

describe("teacher directory queries", () => {
  const spec = projectionSpec(teacherDirectoryProjector, teacherAvailabilityProjector);
  afterAll(() => spec.close());

  it("compares names without accents or case", () => {
    expect(searchableName("  Érica ", "GONÇALVES")).toBe("erica goncalves");
    expect(searchableName("Ana", null)).toBe("ana");
  });

  it("by relevance orders by the sum of the notes, then the lessons given", () =>
    spec.given(...directory).then(async ({ sql }) => {
      // Ricardo 3 × 4 = 12, Marcos 2 × 5 = 10, Érica 5, Paula 0.
      expect(await ids(sql, {})).toEqual([ricardo.id, marcos.id, erica.id, paula.id]);
    }));

  it("searches names accent- and case-insensitively, a name that starts with the words first", () =>
    spec.given(...directory).then(async ({ sql }) => {
      expect(await ids(sql, { q: "erica" })).toEqual([erica.id]);
      expect(await ids(sql, { q: "eric" })).toEqual([erica.id, marcos.id]);
      expect(await ids(sql, { q: "ÉRIC" })).toEqual([erica.id, marcos.id]);
      // Only Ricardo's name starts with "ric"; the two that contain it follow by their notes.
      expect(await ids(sql, { q: "ric" })).toEqual([ricardo.id, marcos.id, erica.id]);
      expect(await ids(sql, { q: "marcos erico" })).toEqual([marcos.id]);
      expect(await ids(sql, { q: "%" })).toEqual([]);
    }));

  it("filters by speciality, language, level taught and least rating", () =>
    spec.given(...directory).then(async ({ sql }) => {
      expect(await ids(sql, { speciality: "TRAVEL" })).toEqual([ricardo.id, marcos.id]);
      expect(await ids(sql, { language: "es" })).toEqual([erica.id]);
      expect(await ids(sql, { levelId: 2 })).toEqual([marcos.id, erica.id]);
      expect(await ids(sql, { minRating: 4.5 })).toEqual([marcos.id, erica.id]);
      expect(await ids(sql, { speciality: "TRAVEL", language: "fr", minRating: 4 })).toEqual([ricardo.id]);
    }));

  it("by rating orders by the average, then how many notes", () =>
    spec.given(...directory).then(async ({ sql }) => {
      expect(await ids(sql, { sort: "rating" })).toEqual([marcos.id, erica.id, ricardo.id, paula.id]);
    }));

  it("by next free slot orders by the first bookable start, teachers without one last; 'this week' keeps 7 days", () =>
    spec.given(...directory).then(async ({ sql }) => {
      // Érica's first start is within the notice: her next one is the day after.
      await freeStarts(sql, erica.id, ["2026-03-20T13:00:00.000Z", "2026-03-21T13:00:00.000Z"]);
      await freeStarts(sql, paula.id, ["2026-03-20T18:00:00.000Z"]);
      await freeStarts(sql, ricardo.id, ["2026-03-28T13:00:00.000Z"]);
      expect(await ids(sql, { sort: "nextFreeSlot" })).toEqual([paula.id, erica.id, ricardo.id, marcos.id]);
      expect(await ids(sql, { freeThisWeek: true })).toEqual([erica.id, paula.id]);
      const page = await teacherDirectoryPage(sql, query({ sort: "nextFreeSlot", size: 2 }), now);
      expect(page.content.map((card) => card.nextFreeSlot)).toEqual([
        "2026-03-20T15:00:00-03:00",
        "2026-03-21T10:00:00-03:00",
      ]);
    }));

  it("pages with the total of every page, also past the last", () =>
    spec.given(...directory).then(async ({ sql }) => {
      const second = await teacherDirectoryPage(sql, query({ page: 1, size: 3 }), now);
      expect(second).toMatchObject({ totalElements: 4, content: [{ id: paula.id }] });
      expect(await teacherDirectoryPage(sql, query({ page: 5, size: 3 }), now)).toEqual({
        content: [],
        totalElements: 4,
      });
      expect(await teacherDirectoryPage(sql, query({ q: "ninguém" }), now)).toEqual({
        content: [],
        totalElements: 0,
      });
    }));
});
