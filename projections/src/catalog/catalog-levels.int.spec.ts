import { type LevelEvent, levelStreams } from "@el/domain/catalog/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { catalogLevelsProjector, findLevel, listLevels } from "./catalog-levels";

const level = (id: number, event: LevelEvent) => on(levelStreams.id(id), event);
const created = (id: number, name: string, active = true) =>
  level(id, { type: "LevelCreated", data: { id, name, active } });

const everyLevel = { page: 0, size: 20 };

describe("catalog levels read model", () => {
  const spec = projectionSpec(catalogLevelsProjector);
  afterAll(() => spec.close());

  it("lists the levels created, by id unless asked otherwise, with the total", () =>
    spec
      .given()
      .when(created(3, "Básico"), created(4, "Intermediário"), created(5, "Avançado", false))
      .then(async ({ sql }) => {
        expect(await listLevels(sql, {}, everyLevel)).toEqual({
          items: [
            { id: 3, name: "Básico", active: true },
            { id: 4, name: "Intermediário", active: true },
            { id: 5, name: "Avançado", active: false },
          ],
          total: 3,
        });
        const byName = await listLevels(sql, {}, { page: 0, size: 2, sort: ["name,desc"] });
        expect(byName.items.map((found) => found.name)).toEqual(["Intermediário", "Básico"]);
        expect(byName.total).toBe(3);
      }));

  it("offers only the active levels when asked, as registration does", () =>
    spec
      .given(created(3, "Básico"), created(4, "Intermediário"))
      .when(level(3, { type: "LevelDeactivated", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect((await listLevels(sql, { active: true }, everyLevel)).items.map((found) => found.id)).toEqual([4]);
        expect((await listLevels(sql, { active: false }, everyLevel)).items.map((found) => found.id)).toEqual([3]);
      }));

  it("offers a deactivated level again once it is activated", () =>
    spec
      .given(created(3, "Básico"), level(3, { type: "LevelDeactivated", data: { by: "admin" } }))
      .when(level(3, { type: "LevelActivated", data: { by: "admin" } }))
      .then(async ({ sql }) => expect(await findLevel(sql, 3)).toEqual({ id: 3, name: "Básico", active: true })));

  it("shows a level under its new name", () =>
    spec
      .given(created(3, "Básico"))
      .when(level(3, { type: "LevelRenamed", data: { name: "Iniciante" } }))
      .then(async ({ sql }) => expect((await findLevel(sql, 3))?.name).toBe("Iniciante")));

  it("finds levels by part of the name, whatever the case and accents typed", () =>
    spec.given(created(3, "Básico"), created(4, "Intermediário"), created(5, "Avançado")).then(async ({ sql }) => {
      expect((await listLevels(sql, { query: "INTERMEDIARIO" }, everyLevel)).items.map((found) => found.id)).toEqual([
        4,
      ]);
      expect((await listLevels(sql, { query: "basi" }, everyLevel)).items.map((found) => found.id)).toEqual([3]);
    }));

  it("knows no level that was never created", () =>
    spec.given(created(3, "Básico")).then(async ({ sql }) => expect(await findLevel(sql, 99)).toBeUndefined()));
});
