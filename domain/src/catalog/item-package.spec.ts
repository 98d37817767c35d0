import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  centsFromReais,
  type ItemPackageEvent,
  itemPackageDecider,
  packageErrors,
  reaisFromCents,
} from "./item-package";

const given = specFor(itemPackageDecider);
const created: ItemPackageEvent = { type: "ItemPackageCreated", data: { id: 2, amount: 4, valueCents: 18_000 } };
const removed: ItemPackageEvent = { type: "ItemPackageRemoved", data: { by: "admin" } };

describe("item package", () => {
  it("creates a pack of lessons priced in centavos", () => {
    given([]).when({ type: "CreateItemPackage", id: 2, amount: 4, valueCents: 18_000 }).then([created]);
  });

  it("refuses a pack without lessons or without a price", () => {
    given([])
      .when({ type: "CreateItemPackage", id: 2, amount: 0, valueCents: 18_000 })
      .thenThrows(packageErrors.amount, "validation");
    given([])
      .when({ type: "CreateItemPackage", id: 2, amount: 4, valueCents: 0 })
      .thenThrows(packageErrors.value, "validation");
  });

  it("reprices a pack, and records nothing when nothing changed", () => {
    given([created])
      .when({ type: "ChangeItemPackage", amount: 4, valueCents: 17_500 })
      .then([{ type: "ItemPackageChanged", data: { amount: 4, valueCents: 17_500 } }]);
    given([created]).when({ type: "ChangeItemPackage", amount: 4, valueCents: 18_000 }).then([]);
  });

  it("removes a pack from sale; it can no longer be changed", () => {
    given([created]).when({ type: "RemoveItemPackage", by: "admin" }).then([removed]);
    given([created, removed]).when({ type: "RemoveItemPackage", by: "admin" }).then([]);
    given([created, removed])
      .when({ type: "ChangeItemPackage", amount: 4, valueCents: 1 })
      .thenThrows(packageErrors.notFound, "not_found");
  });

  it("converts reais to centavos without floating-point drift", () => {
    expect(centsFromReais(47)).toBe(4_700);
    expect(centsFromReais(180.1)).toBe(18_010);
    expect(centsFromReais(0.29)).toBe(29);
    expect(reaisFromCents(34_050)).toBe(340.5);
  });
});
