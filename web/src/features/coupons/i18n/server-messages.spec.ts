import { couponErrors } from "@el/domain/coupons/index";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";

/**
 * Every key the coupon screens can receive from the API, in an error (`message`) or a success
 * (`X-app-alert`). The coupon refusals are read from the domain, so a new one fails here until it has
 * texts; the alerts are copied from `backend/src/features/coupons`.
 */
const keys = [
  ...Object.values(couponErrors),
  ...["created", "updated", "deleted"].map((change) => `coupons.coupon.${change}`),
];

describe("texts for what the coupon routes answer the back office", () => {
  it.each(["pt-br", "en"])("every key has a %s text", (lng) => {
    // Read without the fallback language, so an English gap is not hidden by the Portuguese text.
    const untranslated = keys.filter((key) => typeof i18n.getResource(lng, "translation", key) !== "string");
    expect(untranslated).toEqual([]);
  });

  it("the Portuguese and English texts of the back office's sales screens have the same keys", () => {
    const keysOf = (texts: unknown, prefix = ""): string[] =>
      typeof texts === "object" && texts !== null
        ? Object.entries(texts).flatMap(([key, value]) => keysOf(value, `${prefix}${key}.`))
        : [prefix];
    const sortedKeys = (lng: string) => keysOf(i18n.getResource(lng, "translation", "adminPurchasing")).sort();
    expect(sortedKeys("en")).toEqual(sortedKeys("pt-br"));
  });
});
