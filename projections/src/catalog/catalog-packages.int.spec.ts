import { type ItemPackageEvent, packageStreams } from "@el/domain/catalog/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { catalogPackagesProjector, findPackage, listPackages } from "./catalog-packages";

const pack = (id: number, event: ItemPackageEvent) => on(packageStreams.id(id), event);
const created = (id: number, amount: number, valueCents: number) =>
  pack(id, { type: "ItemPackageCreated", data: { id, amount, valueCents } });

describe("catalog packages read model", () => {
  const spec = projectionSpec(catalogPackagesProjector);
  afterAll(() => spec.close());

  it("lists the packs on sale smallest first, as the landing page's price cards", () =>
    spec
      .given()
      .when(created(20, 10, 420_00), created(21, 1, 47_00), created(22, 4, 180_50))
      .then(async ({ sql }) =>
        expect(await listPackages(sql)).toEqual([
          { id: 21, amount: 1, valueCents: 47_00 },
          { id: 22, amount: 4, valueCents: 180_50 },
          { id: 20, amount: 10, valueCents: 420_00 },
        ]),
      ));

  it("sells a repriced pack at its new price", () =>
    spec
      .given(created(21, 1, 47_00))
      .when(pack(21, { type: "ItemPackageChanged", data: { amount: 2, valueCents: 89_90 } }))
      .then(async ({ sql }) => expect(await findPackage(sql, 21)).toEqual({ id: 21, amount: 2, valueCents: 89_90 })));

  it("no longer sells a removed pack", () =>
    spec
      .given(created(21, 1, 47_00), created(22, 4, 180_50))
      .when(pack(21, { type: "ItemPackageRemoved", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect(await findPackage(sql, 21)).toBeUndefined();
        expect((await listPackages(sql)).map((found) => found.id)).toEqual([22]);
      }));
});
