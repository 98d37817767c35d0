import { checkoutErrors } from "@el/domain/purchasing/payment-details";
import { purchaseErrors } from "@el/domain/purchasing/purchase";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";

/**
 * Every key a checkout can answer the student with: the card and CPF checks, read from the domain so a
 * new one fails here until it has texts, and the order's refusals.
 */
const keys = [
  ...Object.values(checkoutErrors),
  purchaseErrors.emptyOrder,
  purchaseErrors.installments,
  purchaseErrors.packageUnavailable,
  purchaseErrors.notFound,
  purchaseErrors.settled,
];

describe("texts for what the checkout answers the student", () => {
  it.each(["pt-br", "en"])("every key has a %s text", (lng) => {
    // Read without the fallback language, so an English gap is not hidden by the Portuguese text.
    const untranslated = keys.filter((key) => typeof i18n.getResource(lng, "translation", key) !== "string");
    expect(untranslated).toEqual([]);
  });
});
