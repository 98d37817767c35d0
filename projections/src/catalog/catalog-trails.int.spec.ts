import {
  type LevelEvent,
  levelStreams,
  type TrailEvent,
  type TrailFields,
  trailStreams,
} from "@el/domain/catalog/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { catalogLevelsProjector } from "./catalog-levels";
import { catalogTrailsProjector, findTrail, listTrails } from "./catalog-trails";

const level = (id: number, name: string) =>
  on(levelStreams.id(id), { type: "LevelCreated", data: { id, name, active: true } } satisfies LevelEvent);
const trail = (id: number, event: TrailEvent) => on(trailStreams.id(id), event);
const fields = (number: number, levelId: number, more: Partial<TrailFields> = {}): TrailFields => ({
  number,
  title: `Trail ${number}`,
  content: "Greetings and introductions",
  application: "Role play",
  techniques: "Listening",
  levelId,
  ...more,
});
const created = (id: number, number: number, levelId: number, more: Partial<TrailFields> = {}) =>
  trail(id, { type: "TrailCreated", data: { id, ...fields(number, levelId, more) } });

const levels = [level(3, "Básico"), level(4, "Intermediário")];

describe("catalog trails read model", () => {
  const spec = projectionSpec(catalogLevelsProjector, catalogTrailsProjector);
  afterAll(() => spec.close());

  it("shows a trail with the name of its level", () =>
    spec
      .given(...levels)
      .when(created(10, 1, 3, { title: "Hello" }))
      .then(async ({ sql }) =>
        expect(await findTrail(sql, 10)).toEqual({
          id: 10,
          number: 1,
          title: "Hello",
          content: "Greetings and introductions",
          application: "Role play",
          techniques: "Listening",
          level: { id: 3, name: "Básico" },
        }),
      ));

  it("lists trails by level, then in the order a student takes them", () =>
    spec
      .given(...levels, created(10, 2, 4), created(11, 2, 3), created(12, 1, 4), created(13, 1, 3))
      .then(async ({ sql }) => {
        expect((await listTrails(sql)).map((found) => found.id)).toEqual([13, 11, 12, 10]);
        expect((await listTrails(sql, { levelId: 4 })).map((found) => found.id)).toEqual([12, 10]);
      }));

  it("shows a revised trail as revised, in the level it moved to", () =>
    spec
      .given(...levels, created(10, 1, 3))
      .when(trail(10, { type: "TrailRevised", data: fields(5, 4, { title: "Travel talk" }) }))
      .then(async ({ sql }) => {
        expect(await findTrail(sql, 10)).toMatchObject({ number: 5, title: "Travel talk", level: { id: 4 } });
        expect(await listTrails(sql, { levelId: 3 })).toEqual([]);
      }));

  it("drops a removed trail from the table, leaving the others", () =>
    spec
      .given(...levels, created(10, 1, 3), created(11, 2, 3))
      .when(trail(10, { type: "TrailRemoved", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect(await findTrail(sql, 10)).toBeUndefined();
        expect((await listTrails(sql, { levelId: 3 })).map((found) => found.id)).toEqual([11]);
      }));
});
