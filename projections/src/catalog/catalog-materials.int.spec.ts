import {
  type LevelEvent,
  levelStreams,
  type MaterialEvent,
  type MaterialFields,
  type MaterialFile,
  materialStreams,
} from "@el/domain/catalog/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { catalogLevelsProjector } from "./catalog-levels";
import { catalogMaterialsProjector, findMaterial, listActiveMaterials, listMaterials } from "./catalog-materials";

const level = (id: number, name: string) =>
  on(levelStreams.id(id), { type: "LevelCreated", data: { id, name, active: true } } satisfies LevelEvent);
const material = (id: number, event: MaterialEvent, at?: string) => on(materialStreams.id(id), event, at);
const pdf: MaterialFile = { sha256: "a".repeat(64), size: 2048, contentType: "application/pdf" };
const uploaded = (id: number, fields: MaterialFields, at?: string) =>
  material(id, { type: "MaterialUploaded", data: { id, ...fields, file: pdf, by: "admin" } }, at);
const deactivated = (id: number) => material(id, { type: "MaterialDeactivated", data: { by: "admin" } });

const levels = [level(3, "Básico"), level(4, "Intermediário")];
const everyMaterial = { page: 0, size: 20 };

describe("catalog materials read model", () => {
  const spec = projectionSpec(catalogLevelsProjector, catalogMaterialsProjector);
  afterAll(() => spec.close());

  it("shows an uploaded material with its level and file, active from the moment it was uploaded", () =>
    spec
      .given(...levels)
      .when(uploaded(30, { levelId: 3, className: "Greetings", classNumber: 1 }, "2026-03-02T14:00:00.000Z"))
      .then(async ({ sql }) =>
        expect(await findMaterial(sql, 30)).toEqual({
          id: 30,
          level: { id: 3, name: "Básico", active: true },
          className: "Greetings",
          classNumber: 1,
          fileContentType: "application/pdf",
          fileSize: 2048,
          fileSha256: "a".repeat(64),
          active: true,
          createdDate: "2026-03-02T14:00:00.000Z",
          lastModifiedDate: "2026-03-02T14:00:00.000Z",
        }),
      ));

  it("keeps when a material was created and moves when it was last changed", () =>
    spec
      .given(
        ...levels,
        uploaded(30, { levelId: 3, className: "Greetings", classNumber: 1 }, "2026-03-02T14:00:00.000Z"),
      )
      .when(
        material(
          30,
          { type: "MaterialRevised", data: { levelId: 4, className: "Small talk", classNumber: 2 } },
          "2026-03-03T09:00:00.000Z",
        ),
        material(
          30,
          {
            type: "MaterialFileReplaced",
            data: { file: { sha256: "b".repeat(64), size: 99, contentType: "audio/mpeg" }, by: "admin" },
          },
          "2026-03-04T09:00:00.000Z",
        ),
      )
      .then(async ({ sql }) =>
        expect(await findMaterial(sql, 30)).toMatchObject({
          level: { id: 4, name: "Intermediário" },
          className: "Small talk",
          classNumber: 2,
          fileContentType: "audio/mpeg",
          fileSize: 99,
          fileSha256: "b".repeat(64),
          createdDate: "2026-03-02T14:00:00.000Z",
          lastModifiedDate: "2026-03-04T09:00:00.000Z",
        }),
      ));

  it("hides a deactivated material from the lists students see, not from the administrator's", () =>
    spec
      .given(
        ...levels,
        uploaded(30, { levelId: 3, className: "Greetings", classNumber: 1 }),
        uploaded(31, { levelId: 3, className: "Numbers", classNumber: 2 }),
      )
      .when(deactivated(30))
      .then(async ({ sql }) => {
        expect((await listMaterials(sql, { all: false }, everyMaterial)).items.map((found) => found.id)).toEqual([31]);
        expect((await listMaterials(sql, { all: true }, everyMaterial)).total).toBe(2);
        expect((await listActiveMaterials(sql)).map((found) => found.id)).toEqual([31]);
        expect((await findMaterial(sql, 30))?.active).toBe(false);
      }));

  it("shows a material again once it is activated", () =>
    spec
      .given(...levels, uploaded(30, { levelId: 3, className: "Greetings", classNumber: 1 }), deactivated(30))
      .when(material(30, { type: "MaterialActivated", data: { by: "admin" } }))
      .then(async ({ sql }) => expect((await listActiveMaterials(sql)).map((found) => found.id)).toEqual([30])));

  it("finds materials by class name or level name, by level and class number unless sorted otherwise", () =>
    spec
      .given(
        ...levels,
        uploaded(30, { levelId: 4, className: "Travel", classNumber: 1 }),
        uploaded(31, { levelId: 3, className: "Numbers", classNumber: 2 }),
        uploaded(32, { levelId: 3, className: "Greetings", classNumber: 1 }),
      )
      .then(async ({ sql }) => {
        const ids = async (query: string) =>
          (await listMaterials(sql, { query, all: false }, everyMaterial)).items.map((found) => found.id);
        expect(await ids("")).toEqual([32, 31, 30]);
        expect(await ids("básico")).toEqual([32, 31]);
        expect(await ids("TRAV")).toEqual([30]);
        const byName = await listMaterials(sql, { all: false }, { page: 0, size: 2, sort: ["className,asc"] });
        expect(byName).toMatchObject({ total: 3, items: [{ id: 32 }, { id: 31 }] });
      }));
});
